import { describe, expect, it } from 'vitest';
import { auditCsv } from './audit-csv.js';

describe('auditCsv', () => {
  it('writes one quoted row per entry and defuses cells a spreadsheet would run', () => {
    const csv = auditCsv([
      {
        id: 'aud_1',
        at: '2026-12-02T10:00:00.000Z',
        action: 'container.created',
        actor: { id: 'usr_1', email: 'ana@example.com', via: 'cookie' },
        target: { type: 'container', id: 'ctr_1', label: '=HYPERLINK("http://evil")' },
        details: { tier: 'small' },
        ip: '127.0.0.1',
        user_agent: null,
      },
    ]);
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('at,action,actor_email,actor_id,via,target_type,target_id,target_label,details,ip,user_agent');
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain('"{""tier"":""small""}"');
    expect(row?.endsWith(',')).toBe(true);
  });
});
