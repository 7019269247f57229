import type { EcosystemApp, EcosystemAppStatus } from '@nuvem/contracts/ecosystem';
import { ecosystemTexts } from '@nuvem/contracts/ecosystem';

/** Why a card cannot be opened, in words a visitor understands. */
export const statusLabels: Record<EcosystemAppStatus, string> = {
  active: 'Active',
  maintenance: 'Under maintenance',
  inactive: 'Inactive',
  degraded: 'Degraded: not responding',
};

/** The footer indicator: 'All systems operational' only when it is true, else an honest count. */
export function ecosystemStatusSummary(apps: readonly Pick<EcosystemApp, 'status'>[]): {
  ok: boolean;
  text: string;
} {
  const problems = apps.filter((app) => app.status !== 'active').length;
  if (problems === 0) return { ok: true, text: ecosystemTexts.allOperational };
  return { ok: false, text: problems === 1 ? '1 app with problems' : `${problems} apps with problems` };
}
