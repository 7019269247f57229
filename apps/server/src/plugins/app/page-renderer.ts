import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { ServerLanguage } from '../../lib/i18n/language.js';

/** What the web app's server build (`apps/web/dist-ssr/entry-server.js`) exports. */
interface RenderedPage {
  html: string;
  state: unknown;
  status: number;
  /** The render's own time (not its wait for a turn), in milliseconds. */
  renderMs?: number;
}
type Render = (
  url: string,
  language: ServerLanguage,
  fetchData: (url: string) => Promise<unknown>,
  onRenderError?: (errors: unknown[]) => void,
  acceptLanguages?: readonly string[],
) => Promise<RenderedPage>;

export interface PageRendererOptions {
  /** The HTML of the built index.html, with `<div id="root"></div>` to fill. */
  template: string;
  /** Reads the portal's own public API in-process (parsed JSON, or a rejection). */
  fetchData: (url: string) => Promise<unknown>;
  /** Told of a part of a page that could not render on the server (the browser renders it). */
  onRenderError: (url: string, errors: unknown[]) => void;
  /** How long a rendered page is served again before it is rendered anew (default 10 s). */
  ttlMs?: number;
  /** At most this many renders waiting or running; past it a page is served unrendered (default 8). */
  maxPending?: number;
  /** A render that takes longer is given up for that request (default 2 s). */
  timeoutMs?: number;
  /** At most this many pages kept (default 200; the oldest leaves first). */
  maxEntries?: number;
  /**
   * At most this many milliseconds of rendering in any second (default 300): past it, pages go out
   * unrendered until the second has passed, so renders never take more than that share of the
   * process however many distinct addresses are asked for (pages already kept are still served).
   */
  budgetMsPerSecond?: number;
  /**
   * At most this many renders begun in any second (default 20): many small renders are bounded as
   * well as long ones. Kept pages do not count.
   */
  maxRendersPerSecond?: number;
  now?: () => number;
}

const ROOT = '<div id="root"></div>';
/** React 19 writes a page's <title> first in the render; the server moves it to the head. */
const leadingTitle = /^<title>([^<]*)<\/title>/;

/**
 * JSON inside an HTML data block: nothing in it can close the element or start markup (an event's
 * title is an organiser's text), and the two line separators JavaScript once refused are escaped.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The built index.html with a server render in it: the markup, its title, its language and its state. */
/** The built index.html unrendered (the browser renders the page), in the reader's language. */
export function unrenderedPage(template: string, language: ServerLanguage): string {
  return template.replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`);
}

export function composePage(template: string, page: RenderedPage, language: ServerLanguage): string {
  const title = leadingTitle.exec(page.html);
  const body = title ? page.html.slice(title[0].length) : page.html;
  // Replacer functions throughout: in a replacement string `$&`, `$'` and `` $` `` would copy parts
  // of the template into the page (an event titled "A $` B" would).
  let html = unrenderedPage(template, language);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title[0]);
  return html.replace(
    ROOT,
    () =>
      `<div id="root">${body}</div><script type="application/json" id="nuvem-ssr-state">${jsonForHtml(page.state)}</script>`,
  );
}

/**
 * The server's render of the web app's pages (issue 35), for `web-app.ts`: every page is rendered
 * as a signed-out visitor sees it before the session check (the same for everyone of a language),
 * so a render is kept for a few seconds and served to the next visitor of that address and
 * language. Renders are bounded: past `maxPending` waiting renders (a flood of distinct addresses)
 * or after `timeoutMs`, the page goes out unrendered, as it did before, and the browser renders it;
 * a request never waits on another's render for long and one visitor cannot stall the server.
 */
export class PageRenderer {
  private readonly cache = new Map<string, { html: string; expires: number }>();
  private pending = 0;
  private readonly ttlMs: number;
  private readonly maxPending: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly budgetMsPerSecond: number;
  private readonly maxRendersPerSecond: number;
  /** When each of the last second's renders began. */
  private begun: number[] = [];
  private readonly now: () => number;
  /** When each recent render ended and how long it took (the last second's). */
  private spent: { at: number; ms: number }[] = [];

  private constructor(
    private readonly render: Render,
    private readonly options: PageRendererOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxPending = options.maxPending ?? 8;
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.maxEntries = options.maxEntries ?? 200;
    this.budgetMsPerSecond = options.budgetMsPerSecond ?? 300;
    this.maxRendersPerSecond = options.maxRendersPerSecond ?? 20;
    this.now = options.now ?? Date.now;
  }

  /** The renderer of a built web app, or null when the server build is not there (pages render in the browser). */
  static async load(entry: string, options: PageRendererOptions): Promise<PageRenderer | null> {
    try {
      await access(entry);
    } catch {
      return null;
    }
    const module = (await import(pathToFileURL(entry).href)) as { render?: Render };
    if (typeof module.render !== 'function') return null;
    if (!options.template.includes(ROOT)) return null;
    return new PageRenderer(module.render, options);
  }

  /**
   * The page's HTML rendered for `url` (path and query) in `language` (dates in the regional
   * variant the Accept-Language tags name), or null: serve it unrendered.
   */
  async page(url: string, language: ServerLanguage, acceptLanguages: readonly string[] = []): Promise<string | null> {
    const key = `${language} ${acceptLanguages.join(',')} ${url}`;
    const now = this.now();
    const kept = this.cache.get(key);
    if (kept && kept.expires > now) return kept.html;
    if (kept) this.cache.delete(key);
    if (this.pending >= this.maxPending || this.overBudget(now)) return null;
    this.begun.push(now);
    this.pending++;
    let timer: NodeJS.Timeout | undefined;
    try {
      // Counted until it ends, even past a request that stopped waiting for it.
      const rendering = this.render(
        url,
        language,
        this.options.fetchData,
        (errors) => this.options.onRenderError(url, errors),
        acceptLanguages,
      );
      void rendering.then(
        (page) => this.spent.push({ at: this.now(), ms: page.renderMs ?? 0 }),
        () => undefined,
      );
      void rendering
        .finally(() => {
          this.pending--;
        })
        .catch(() => undefined);
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), this.timeoutMs);
      });
      // A render given up on still finishes (and is kept for the next visitor).
      const rendered = rendering.then((page) => {
        const html = composePage(this.options.template, page, language);
        this.keep(key, html);
        return html;
      });
      rendered.catch(() => undefined);
      return await Promise.race([rendered, timeout]);
    } catch (error) {
      this.options.onRenderError(url, [error]);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether the renders of the last second took their share of the process already. */
  private overBudget(now: number): boolean {
    this.spent = this.spent.filter((render) => render.at > now - 1_000);
    this.begun = this.begun.filter((at) => at > now - 1_000);
    return (
      this.begun.length >= this.maxRendersPerSecond ||
      this.spent.reduce((total, render) => total + render.ms, 0) >= this.budgetMsPerSecond
    );
  }

  private keep(key: string, html: string): void {
    this.cache.delete(key);
    this.cache.set(key, { html, expires: this.now() + this.ttlMs });
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
