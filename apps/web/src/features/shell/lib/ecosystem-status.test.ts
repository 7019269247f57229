import { describe, expect, it } from 'vitest';
import { ecosystemStatusSummary, hasPendingChecks, isEcosystemAppOpen } from './ecosystem-status';

const up = { status: 'active', reachability: 'operational' } as const;
const down = { status: 'degraded', reachability: 'unreachable' } as const;
const maintenance = { status: 'maintenance', reachability: 'unknown' } as const;
const pending = { status: 'active', reachability: 'unknown' } as const;

describe('ecosystemStatusSummary', () => {
  it('is operational only when every app is active and answered', () => {
    expect(ecosystemStatusSummary([up, up])).toEqual({ kind: 'operational' });
    expect(ecosystemStatusSummary([up, pending])).toEqual({ kind: 'checking' });
  });

  it('counts the apps that answered when one did not', () => {
    expect(ecosystemStatusSummary([up, down, down, maintenance])).toEqual({
      kind: 'reachable',
      reachable: 1,
      total: 4,
    });
  });

  it('counts the apps the operator took out of service when all checked apps answered', () => {
    expect(ecosystemStatusSummary([up, maintenance, { status: 'inactive', reachability: 'unknown' }])).toEqual({
      kind: 'problems',
      problems: 2,
    });
    expect(ecosystemStatusSummary([up, { status: 'degraded', reachability: 'unknown' }])).toEqual({
      kind: 'problems',
      problems: 1,
    });
  });
});

describe('isEcosystemAppOpen and hasPendingChecks', () => {
  it('opens an active app unless its check failed, and waits only for active apps', () => {
    expect(
      [up, pending, down, maintenance, { status: 'active', reachability: 'unreachable' } as const].map(
        isEcosystemAppOpen,
      ),
    ).toEqual([true, true, false, false, false]);
    expect(hasPendingChecks([up, maintenance])).toBe(false);
    expect(hasPendingChecks([up, pending])).toBe(true);
  });
});
