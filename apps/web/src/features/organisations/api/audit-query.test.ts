import { describe, expect, it } from 'vitest';
import {
  auditCsvUrl,
  auditPath,
  auditRangeValid,
  auditSearchParams,
  dayEnd,
  dayStart,
  hasAuditFilters,
  noAuditFilters,
  type AuditFilters,
} from './audit-query';

const filters = (over: Partial<AuditFilters>): AuditFilters => ({ ...noAuditFilters, ...over });

describe('audit filters as the API query', () => {
  it('sends nothing for no filter', () => {
    expect(auditSearchParams(noAuditFilters).toString()).toBe('');
    expect(auditPath('wsp_1', noAuditFilters)).toBe('/orgs/wsp_1/audit');
  });

  it('sends the action and the trimmed person, and no blank person', () => {
    const query = auditSearchParams(filters({ action: 'member.removed', actor: '  ana@example.com ' }));
    expect(Object.fromEntries(query)).toEqual({ action: 'member.removed', actor: 'ana@example.com' });
    expect(auditSearchParams(filters({ actor: '   ' })).has('actor')).toBe(false);
  });

  it('sends the days as the first and last instants of those days in the viewer’s zone', () => {
    const query = auditSearchParams(filters({ from: '2026-03-05', to: '2026-03-06' }));
    expect(query.get('from')).toBe(new Date(2026, 2, 5).toISOString());
    // The API's `to` is exclusive: the start of the next day includes the whole of the 6th.
    expect(query.get('to')).toBe(new Date(2026, 2, 7).toISOString());
    expect(dayEnd('2026-12-31')).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('ignores a day that is not one', () => {
    expect(dayStart('2026-02-31')).toBeNull();
    expect(dayStart('05/03/2026')).toBeNull();
    expect(auditSearchParams(filters({ from: 'soon' })).has('from')).toBe(false);
  });

  it('asks for the page before a cursor, and the CSV with the same filters and no cursor', () => {
    const chosen = filters({ action: 'key.revoked' });
    expect(auditPath('wsp_1', chosen, { before: 'aud_9', limit: 50 })).toBe(
      '/orgs/wsp_1/audit?action=key.revoked&before=aud_9&limit=50',
    );
    expect(auditCsvUrl('wsp_1', chosen)).toBe('/api/orgs/wsp_1/audit?action=key.revoked&format=csv');
  });

  it('encodes the organisation id in the path', () => {
    expect(auditPath('wsp/1', noAuditFilters)).toBe('/orgs/wsp%2F1/audit');
  });

  it('refuses a range that ends before it starts, and a one-day range is fine', () => {
    expect(auditRangeValid(filters({ from: '2026-03-06', to: '2026-03-05' }))).toBe(false);
    expect(auditRangeValid(filters({ from: '2026-03-05', to: '2026-03-05' }))).toBe(true);
    expect(auditRangeValid(filters({ from: '2026-03-05' }))).toBe(true);
  });

  it('knows whether any filter is set', () => {
    expect(hasAuditFilters(noAuditFilters)).toBe(false);
    expect(hasAuditFilters(filters({ actor: ' ' }))).toBe(false);
    expect(hasAuditFilters(filters({ to: '2026-03-05' }))).toBe(true);
  });
});
