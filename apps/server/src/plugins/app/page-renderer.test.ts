import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePage, jsonForHtml, PageRenderer } from './page-renderer.js';

const template =
  '<!doctype html><html lang="en" class="dark"><head><title>Nuvem</title></head><body><div id="root"></div></body></html>';

// A stand-in for the web app's server build with the same export (the real one is exercised in
// e2e/tests/server-render.spec.ts): it counts renders, can be held, and can fail.
const entrySource = `
export const calls = [];
let hold = null;
export function holdRenders() { let release; hold = new Promise((r) => { release = r; }); return () => { hold = null; release(); }; }
export async function render(url, language, fetchData, onRenderError, acceptLanguages) {
  calls.push({ url, language, acceptLanguages });
  if (url.includes('fail')) throw new Error('render failed');
  if (hold) await hold;
  const data = url.includes('data') ? await fetchData('/api/x') : null;
  const renderMs = Number(new URL(url, 'http://x').searchParams.get('ms') ?? 0);
  return { html: '<title>Page · Nuvem</title><main>' + url + ' ' + language + '</main>', status: 200, state: { language, data }, renderMs };
}`;

let dir: string;
let entry: string;
type Entry = { calls: { url: string; language: string; acceptLanguages?: string[] }[]; holdRenders: () => () => void };
let module: Entry;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nuvem-ssr-'));
  entry = join(dir, 'entry-server.mjs');
  await writeFile(entry, entrySource);
  module = (await import(entry)) as Entry;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function loaded(opts: Parameters<typeof PageRenderer.load>[1]): Promise<PageRenderer> {
  const renderer = await PageRenderer.load(entry, opts);
  if (!renderer) throw new Error('the stand-in server build did not load');
  return renderer;
}

function options(overrides: Partial<Parameters<typeof PageRenderer.load>[1]> = {}) {
  const errors: unknown[] = [];
  return {
    errors,
    options: {
      template,
      fetchData: async () => ({ title: '</script><script>alert(1)</script>' }),
      onRenderError: (_url: string, found: unknown[]) => void errors.push(...found),
      ...overrides,
    },
  };
}

describe('the server render of pages', () => {
  it('writes the markup, title, language and state into index.html, the state unable to close its element', async () => {
    const { options: opts } = options();
    const renderer = await loaded(opts);
    const html = await renderer.page('/events?data=1', 'pt-PT', ['pt-PT', 'en-GB']);
    expect(html).toContain('<html lang="pt-PT" class="dark">');
    expect(html).toContain('<head><title>Page · Nuvem</title></head>');
    expect(html).toContain('<div id="root"><main>/events?data=1 pt-PT</main></div>');
    // An organiser's title with a closing tag stays inside the JSON block.
    expect(html).not.toContain('</script><script>alert(1)');
    const state = /<script type="application\/json" id="nuvem-ssr-state">(.*)<\/script>/.exec(html ?? '')?.[1] ?? '';
    expect(JSON.parse(state)).toEqual({ language: 'pt-PT', data: { title: '</script><script>alert(1)</script>' } });
    expect(module.calls.at(-1)?.acceptLanguages).toEqual(['pt-PT', 'en-GB']);
    expect(jsonForHtml('a\u2028b&<>')).toBe('"a\\u2028b\\u0026\\u003c\\u003e"');
    expect(composePage(template, { html: '<p>x</p>', status: 200, state: {} }, 'en')).toContain('<title>Nuvem</title>');
  });

  it('serves a render again for a few seconds per address and language, then renders anew', async () => {
    let now = 1_000;
    const { options: opts } = options({ now: () => now, ttlMs: 10_000, maxRendersPerSecond: 100 });
    const renderer = await loaded(opts);
    const before = module.calls.length;
    await renderer.page('/pricing', 'en');
    await renderer.page('/pricing', 'en');
    await renderer.page('/pricing', 'pt-PT');
    expect(module.calls.length - before).toBe(2);
    now += 10_001;
    await renderer.page('/pricing', 'en');
    expect(module.calls.length - before).toBe(3);
  });

  it('bounds the renders waiting: past the limit, or past the time out, the page goes out unrendered', async () => {
    const { options: opts } = options({ maxPending: 2, timeoutMs: 50, maxRendersPerSecond: 100 });
    const renderer = await loaded(opts);
    const release = module.holdRenders();
    const waiting = [renderer.page('/a', 'en'), renderer.page('/b', 'en')];
    // Two renders are held: a third address is not rendered (no wait on the others).
    expect(await renderer.page('/c', 'en')).toBeNull();
    // The held ones give up after the time out; the browser renders those pages.
    expect(await Promise.all(waiting)).toEqual([null, null]);
    release();
    // A render given up on still finishes and serves the next visitor.
    await expect.poll(async () => (await renderer.page('/a', 'en')) ?? null).toContain('<main>/a en</main>');
  });

  it("writes a render's text as it is, `$` patterns included (no part of the template is copied in)", async () => {
    const html = composePage(template, { html: "<p>A $` B $& C $' D $$</p>", status: 200, state: { t: '$`' } }, 'en');
    expect(html).toContain("<p>A $` B $& C $' D $$</p>");
    expect(html.match(/<!doctype/g)).toHaveLength(1);
    expect(html).toContain('{"t":"$`"}');
  });

  it('begins at most so many renders a second (a flood of distinct addresses), kept pages still served', async () => {
    let now = 90_000;
    const { options: opts } = options({ now: () => now, maxRendersPerSecond: 2 });
    const renderer = await loaded(opts);
    expect(await renderer.page('/x1', 'en')).toContain('<main>');
    expect(await renderer.page('/x2', 'en')).toContain('<main>');
    expect(await renderer.page('/x3', 'en')).toBeNull();
    expect(await renderer.page('/x1', 'en')).toContain('<main>');
    now += 1_001;
    expect(await renderer.page('/x3', 'en')).toContain('<main>');
  });

  it('spends at most its share of each second rendering: past it, pages go out unrendered until the second passes', async () => {
    let now = 50_000;
    const { options: opts } = options({ now: () => now, budgetMsPerSecond: 300, maxRendersPerSecond: 100 });
    const renderer = await loaded(opts);
    expect(await renderer.page('/events?ms=200', 'en')).toContain('<main>');
    expect(await renderer.page('/events?ms=150', 'en')).toContain('<main>');
    // 350 ms spent in this second: a third address is not rendered, a kept page still is served.
    expect(await renderer.page('/pricing', 'en')).toBeNull();
    expect(await renderer.page('/events?ms=200', 'en')).toContain('<main>');
    now += 1_001;
    expect(await renderer.page('/pricing', 'en')).toContain('<main>/pricing en</main>');
  });

  it('a failed render serves the unrendered page and is logged; no server build means no renderer', async () => {
    const { options: opts, errors } = options();
    const renderer = await loaded(opts);
    expect(await renderer.page('/fail', 'en')).toBeNull();
    expect(String(errors[0])).toContain('render failed');
    expect(await PageRenderer.load(join(dir, 'missing.js'), opts)).toBeNull();
  });
});
