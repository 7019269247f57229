import type { EcosystemApp } from '@nuvem/contracts/ecosystem';
import type { FastifyBaseLogger } from 'fastify';
import type { EcosystemAppConfig } from './ecosystem.config.js';

const HEALTH_TIMEOUT_MS = 5_000;

/**
 * The ecosystem's apps with live status: an active app whose health URL fails (no answer in
 * 5 s, or not 2xx) is reported `degraded` until a later check succeeds.
 */
export function createEcosystemService(apps: EcosystemAppConfig[], log: FastifyBaseLogger) {
  const failing = new Set<string>();

  async function checkOne(app: EcosystemAppConfig & { health_url: string }) {
    let ok = false;
    try {
      const res = await fetch(app.health_url, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      ok = res.ok;
      await res.body?.cancel();
    } catch {
      ok = false;
    }
    if (ok && failing.delete(app.id)) log.info({ app: app.id }, 'ecosystem app healthy again');
    if (!ok && !failing.has(app.id)) {
      failing.add(app.id);
      log.warn({ app: app.id }, 'ecosystem app health check failing');
    }
  }

  return {
    list(): EcosystemApp[] {
      return apps.map(({ health_url: _health, ...app }) => ({
        ...app,
        status: app.status === 'active' && failing.has(app.id) ? 'degraded' : app.status,
      }));
    },

    /** Polls every health URL once, in parallel. */
    async refreshHealth(): Promise<void> {
      const polled = apps.filter((a): a is EcosystemAppConfig & { health_url: string } => Boolean(a.health_url));
      await Promise.all(polled.map(checkOne));
    },

    /** The apps whose last check failed (what the instance that ran the checks tells the others). */
    failingIds(): string[] {
      return [...failing].sort();
    },

    /** Takes another instance's check results as this instance's own. */
    applyFailing(ids: string[]): void {
      const known = new Set(apps.map((a) => a.id));
      failing.clear();
      for (const id of ids) if (known.has(id)) failing.add(id);
    },

    hasHealthChecks: apps.some((a) => a.health_url),
  };
}
export type EcosystemService = ReturnType<typeof createEcosystemService>;
