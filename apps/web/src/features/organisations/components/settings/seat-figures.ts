import type { Workspace } from '@nuvem/contracts/orgs';
import { planIds, plans, type PlanId } from '@nuvem/contracts/pricing';

/** The plan a workspace reports, when it is one the catalogue knows. */
export function knownPlan(plan: string): PlanId | null {
  return planIds.find((id) => id === plan) ?? null;
}

/** The plan's name ('Enterprise'), or the id as the server sent it. */
export function planName(plan: string): string {
  const id = knownPlan(plan);
  return id ? plans[id].name : plan;
}

/** The smallest plan that sells more seats than `seats`, or null when none does (Enterprise). */
export function largerPlan(seats: number): PlanId | null {
  return planIds.find((id) => plans[id].entitlements.seats > seats) ?? null;
}

export type SeatLevel = 'ok' | 'near' | 'full';

export interface SeatFigures {
  /** Members plus pending invitations (what the server counts against the seats). */
  used: number;
  /** Seats the plan sells. */
  sold: number;
  members: number;
  pending: number;
  free: number;
  /** used / sold, from 0 to 1 (the meter). */
  ratio: number;
  /** 'near' from 80 %: the meter says so before an invitation is refused. */
  level: SeatLevel;
  full: boolean;
  /** Where to go when full: the next plan with more seats (null when there is none). */
  upgrade: PlanId | null;
}

/** '4 of 25 seats used' and the rest, from the workspace as the server reports it. */
export function seatFigures(workspace: Pick<Workspace, 'seats' | 'seats_used' | 'members'>): SeatFigures {
  const sold = Math.max(0, workspace.seats);
  const used = Math.max(0, workspace.seats_used);
  const members = Math.min(Math.max(0, workspace.members), used);
  const ratio = sold > 0 ? Math.min(1, used / sold) : 1;
  const full = used >= sold;
  return {
    used,
    sold,
    members,
    pending: used - members,
    free: Math.max(0, sold - used),
    ratio,
    level: full ? 'full' : ratio >= 0.8 ? 'near' : 'ok',
    full,
    upgrade: full ? largerPlan(sold) : null,
  };
}
