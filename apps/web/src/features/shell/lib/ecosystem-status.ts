import type { EcosystemApp } from '@nuvem/contracts/ecosystem';

/**
 * The footer indicator's facts (worded by the caller in the language in use): 'All systems
 * operational' only when every app is active and answered the server's check; else how many of
 * them answered when one did not, else how many the operator took out of service, else that the
 * checks are still running.
 */
export type EcosystemSummary =
  | { kind: 'operational' }
  | { kind: 'reachable'; reachable: number; total: number }
  | { kind: 'problems'; problems: number }
  | { kind: 'checking' };

export function ecosystemStatusSummary(
  apps: readonly Pick<EcosystemApp, 'status' | 'reachability'>[],
): EcosystemSummary {
  if (apps.some((app) => app.reachability === 'unreachable')) {
    const reachable = apps.filter((app) => app.reachability === 'operational').length;
    return { kind: 'reachable', reachable, total: apps.length };
  }
  const problems = apps.filter((app) => app.status !== 'active').length;
  if (problems > 0) return { kind: 'problems', problems };
  if (apps.some((app) => app.reachability === 'unknown')) return { kind: 'checking' };
  return { kind: 'operational' };
}

/** Whether a card opens its app: active, and not found unreachable by the last check. */
export function isEcosystemAppOpen(app: Pick<EcosystemApp, 'status' | 'reachability'>): boolean {
  return app.status === 'active' && app.reachability !== 'unreachable';
}

/** Whether an active app's first check is still to come (the list is asked for again until it is in). */
export function hasPendingChecks(apps: readonly Pick<EcosystemApp, 'status' | 'reachability'>[]): boolean {
  return apps.some((app) => app.status === 'active' && app.reachability === 'unknown');
}
