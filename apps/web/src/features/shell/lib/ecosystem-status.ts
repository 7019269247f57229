import type { EcosystemApp } from '@nuvem/contracts/ecosystem';

/**
 * The footer indicator's facts: 'All systems operational' only when it is true, else an honest
 * count of the apps with problems (worded by the caller in the language in use).
 */
export function ecosystemStatusSummary(apps: readonly Pick<EcosystemApp, 'status'>[]): {
  ok: boolean;
  problems: number;
} {
  const problems = apps.filter((app) => app.status !== 'active').length;
  return { ok: problems === 0, problems };
}
