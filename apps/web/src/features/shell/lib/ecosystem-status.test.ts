import { describe, expect, it } from 'vitest';
import { ecosystemStatusSummary } from './ecosystem-status';

describe('ecosystemStatusSummary', () => {
  it('is operational only when every app is active', () => {
    expect(ecosystemStatusSummary([{ status: 'active' }, { status: 'active' }])).toEqual({ ok: true, problems: 0 });
  });

  it('counts the apps with problems', () => {
    expect(ecosystemStatusSummary([{ status: 'active' }, { status: 'degraded' }])).toEqual({ ok: false, problems: 1 });
    expect(ecosystemStatusSummary([{ status: 'maintenance' }, { status: 'inactive' }, { status: 'active' }])).toEqual({
      ok: false,
      problems: 2,
    });
  });
});
