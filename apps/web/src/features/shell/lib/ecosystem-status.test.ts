import { describe, expect, it } from 'vitest';
import { ecosystemStatusSummary } from './ecosystem-status';

describe('ecosystemStatusSummary', () => {
  it('says all systems are operational only when every app is active', () => {
    expect(ecosystemStatusSummary([{ status: 'active' }, { status: 'active' }])).toEqual({
      ok: true,
      text: 'All systems operational',
    });
  });

  it('counts the apps with problems', () => {
    expect(ecosystemStatusSummary([{ status: 'active' }, { status: 'degraded' }]).text).toBe('1 app with problems');
    expect(ecosystemStatusSummary([{ status: 'maintenance' }, { status: 'inactive' }, { status: 'active' }])).toEqual({
      ok: false,
      text: '2 apps with problems',
    });
  });
});
