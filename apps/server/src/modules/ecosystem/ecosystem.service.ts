import type { EcosystemApp } from '@nuvem/contracts/ecosystem';
import type { ServerLanguage } from '../../lib/i18n/language.js';
import type { FastifyBaseLogger } from 'fastify';
import type { EcosystemAppConfig } from './ecosystem.config.js';

export interface EcosystemCheckOptions {
  /** How long one check may take (HEAD, then GET when HEAD is refused), answer included. */
  timeoutMs: number;
  /** How long a list waits for a first round (a little over `timeoutMs`, so a check that timed out is in it). */
  listWaitMs: number;
  /** How long a round of checks stands before a list asks for the next one. */
  cacheMs: number;
  /** Checks in flight at once. */
  concurrency: number;
  /** The clock the cache reads (tests move it). */
  now?: () => number;
}

export const defaultCheckOptions: EcosystemCheckOptions = {
  timeoutMs: 1_800,
  listWaitMs: 2_000,
  cacheMs: 60_000,
  // Low: each check's DNS look-up runs on libuv's shared thread pool (4 threads), which sign-in's
  // password hashing and file reads also use, and a look-up is not cancelled by the timeout.
  concurrency: 2,
};

interface CheckResult {
  reachable: boolean;
  checkedAt: Date;
}

interface Target {
  id: string;
  url: string;
  /** A health URL must answer 2xx; an app's own address any status below 500. */
  health: boolean;
  /** The portal's own address: this server is answering, so there is nothing to fetch. */
  self: boolean;
}

/**
 * The ecosystem's apps with what the server's own checks found. Only the configured addresses are
 * ever fetched (never one a request names), without following redirects or sending credentials.
 * A list starts a round of checks when the last one is older than `cacheMs` (one round at a time,
 * `concurrency` checks at once) and waits for it at most `listWaitMs` (2 s), only while an app has
 * no result yet; otherwise it answers from the last results at once. An active app that fails its
 * check is listed `degraded` and `unreachable`; apps the operator set to maintenance or inactive
 * are not checked.
 */
export function createEcosystemService(
  apps: EcosystemAppConfig[],
  {
    portalOrigin,
    log,
    options = defaultCheckOptions,
  }: { portalOrigin: string; log: FastifyBaseLogger; options?: EcosystemCheckOptions },
) {
  const targets: Target[] = apps
    .filter((app) => app.status === 'active')
    .map((app) => {
      const url = app.health_url ?? app.url;
      return { id: app.id, url, health: app.health_url !== undefined, self: new URL(url).origin === portalOrigin };
    });
  const results = new Map<string, CheckResult>();
  const closing = new AbortController();
  let round: Promise<void> | null = null;
  let roundStartedAt: number | null = null;
  const now = options.now ?? Date.now;

  async function reachable(target: Target): Promise<boolean> {
    if (target.self) return true;
    const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), closing.signal]);
    const request = { redirect: 'manual', signal, headers: { 'user-agent': 'Nuvem-ecosystem-check' } } as const;
    try {
      let res = await fetch(target.url, { ...request, method: 'HEAD' });
      if (res.status === 405 || res.status === 501) {
        // Some servers refuse HEAD; a GET whose body is never read costs them little more.
        await res.body?.cancel();
        res = await fetch(target.url, { ...request, method: 'GET' });
      }
      await res.body?.cancel();
      return target.health ? res.ok : res.status < 500;
    } catch {
      return false;
    }
  }

  async function check(target: Target): Promise<void> {
    const ok = await reachable(target);
    if (closing.signal.aborted) return;
    const before = results.get(target.id);
    results.set(target.id, { reachable: ok, checkedAt: new Date(now()) });
    if (ok && before?.reachable === false) log.info({ app: target.id }, 'ecosystem app reachable again');
    // The origin only: a health URL may carry a token in its path or query.
    const at = new URL(target.url).origin;
    if (!ok && before?.reachable !== false) log.warn({ app: target.id, at }, 'ecosystem app unreachable');
  }

  /** Checks every active app once, `concurrency` at a time; joins the round in flight if any. */
  function refresh(): Promise<void> {
    if (round) return round;
    roundStartedAt = now();
    const queue = [...targets];
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) await check(target);
    };
    round = Promise.all(Array.from({ length: Math.min(options.concurrency, queue.length) }, worker)).then(() => {
      round = null;
    });
    return round;
  }

  function view(language: ServerLanguage | null): EcosystemApp[] {
    return apps.map(({ health_url: _health, translations, ...app }) => {
      const result = results.get(app.id);
      const checked = app.status === 'active' && result !== undefined;
      return {
        ...app,
        description: (language === 'pt-PT' ? translations?.['pt-PT']?.description : undefined) ?? app.description,
        status: checked && !result.reachable ? 'degraded' : app.status,
        reachability: !checked ? 'unknown' : result.reachable ? 'operational' : 'unreachable',
        checked_at: checked ? result.checkedAt.toISOString() : null,
      };
    });
  }

  return {
    /**
     * The apps with their last results, described in `language` where the configuration says it
     * (else in its own words); starts a new round when those are older than the cache.
     */
    async list(language: ServerLanguage | null = null): Promise<EcosystemApp[]> {
      if (roundStartedAt === null || now() - roundStartedAt >= options.cacheMs) void refresh();
      const pending = targets.some((target) => !results.has(target.id));
      if (pending && round) {
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, options.listWaitMs);
        });
        await Promise.race([round, waited]);
        clearTimeout(timer);
      }
      return view(language);
    },

    /** Runs a round of checks now and waits for it (tests; the list starts its own). */
    refresh,

    /** Waits for the round in flight, if any (tests). */
    async settled(): Promise<void> {
      await round;
    },

    /** Stops the checks in flight (on shutdown). */
    async close(): Promise<void> {
      closing.abort();
      await round;
    },
  };
}
export type EcosystemService = ReturnType<typeof createEcosystemService>;
