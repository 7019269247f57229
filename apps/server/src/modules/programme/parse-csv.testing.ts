import { parse } from 'csv-parse/sync';

/**
 * A strict RFC 4180 reader for the tests: what a spreadsheet app would see in each cell. Records
 * end in CRLF, the last one too; throws on a quote inside an unquoted field, an unterminated quoted
 * one, a bare line break outside quotes, or a record with another number of fields.
 */
export function parseCsv(text: string): string[][] {
  if (text !== '' && !text.endsWith('\r\n')) throw new Error('the last record has no CRLF');
  return parse(text, {
    record_delimiter: '\r\n',
    cast: (value, context) => {
      if (!context.quoting && /[\r\n]/.test(value)) throw new Error(`bare line break in record ${context.records + 1}`);
      return value;
    },
  });
}
