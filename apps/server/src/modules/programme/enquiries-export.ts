import { stringify, type Options as CsvOptions } from 'csv-stringify/sync';
import type { EnquiryRecord, ProgrammeRepository } from './programme.repository.js';

export const exportFormats = ['csv', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The columns of an export, in order; the same names as the JSON fields. */
export const enquiryColumns = [
  'id',
  'created_at',
  'name',
  'email',
  'phone',
  'interest',
  'offering',
  'message',
  'user_id',
] as const;
type EnquiryColumn = (typeof enquiryColumns)[number];
type ExportRow = Record<EnquiryColumn, string | null>;

function toExportRow(record: EnquiryRecord): ExportRow {
  return {
    id: record.id,
    created_at: record.createdAt.toISOString(),
    name: record.name,
    email: record.email,
    phone: record.phone,
    interest: record.interest,
    offering: record.offering,
    message: record.message,
    user_id: record.userId,
  };
}

/**
 * A spreadsheet evaluates a cell that starts with one of these as a formula (or, for tab and
 * carriage return, after stripping them), so a visitor's text could run one on the operator's
 * machine (CSV injection, see OWASP). Such a cell gets a leading apostrophe, which spreadsheets
 * treat as 'text follows' and do not show.
 */
const formulaTrigger = /^[=+\-@\t\r]/;

function defuseFormula(value: string): string {
  return formulaTrigger.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180: null is an empty field; any text is quoted, with its double quotes doubled, so commas,
 * semicolons and line breaks inside stay in the field, and defused (above). The header's column
 * names are plain, unquoted.
 */
const csvOptions: CsvOptions = {
  record_delimiter: '\r\n',
  quoted_string: true,
  cast: { string: (value, context) => (context.header ? { value, quoted_string: false } : defuseFormula(value)) },
};

/** One CSV field, as toCsv writes it. */
export function csvCell(value: string | null): string {
  return stringify([[value]], { ...csvOptions, eof: false });
}

/** UTF-8 with a byte order mark, so spreadsheet apps read accents right; CRLF line ends (RFC 4180). */
export function toCsv(records: readonly EnquiryRecord[]): string {
  return stringify(records.map(toExportRow), {
    ...csvOptions,
    bom: true,
    header: true,
    columns: [...enquiryColumns],
  });
}

/** A JSON array of objects with the same fields as the CSV columns; absent values are null. */
export function toJson(records: readonly EnquiryRecord[]): string {
  return `${JSON.stringify(records.map(toExportRow), null, 2)}\n`;
}

export interface ExportOptions {
  format: ExportFormat;
  /** Only enquiries received at or after this instant; all when null. */
  since: Date | null;
}

/** The programme enquiries as a CSV or JSON document, oldest first. */
export async function exportEnquiries(
  repo: Pick<ProgrammeRepository, 'listEnquiries'>,
  { format, since }: ExportOptions,
): Promise<{ text: string; count: number }> {
  const records = await repo.listEnquiries({ since });
  return { text: format === 'csv' ? toCsv(records) : toJson(records), count: records.length };
}
