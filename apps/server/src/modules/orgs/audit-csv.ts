import type { AuditEntry } from '@nuvem/contracts/orgs';
import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection, OWASP). */
const formulaTrigger = /^[=+\-@\t\r]/;
const defuse = (value: string) => (formulaTrigger.test(value) ? `'${value}` : value);

export const auditColumns = [
  'at',
  'action',
  'actor_email',
  'actor_id',
  'via',
  'target_type',
  'target_id',
  'target_label',
  'details',
  'ip',
  'user_agent',
] as const;

/** The audit log as CSV: UTF-8 with a byte order mark, CRLF line ends, every text quoted and defused. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return stringify(
    entries.map((e) => ({
      at: e.at,
      action: e.action,
      actor_email: e.actor.email,
      actor_id: e.actor.id,
      via: e.actor.via,
      target_type: e.target.type,
      target_id: e.target.id,
      target_label: e.target.label,
      details: Object.keys(e.details).length > 0 ? JSON.stringify(e.details) : null,
      ip: e.ip,
      user_agent: e.user_agent,
    })),
    {
      bom: true,
      header: true,
      columns: [...auditColumns],
      record_delimiter: '\r\n',
      quoted_string: true,
      cast: { string: (value, context) => (context.header ? { value, quoted_string: false } : defuse(value)) },
    },
  );
}
