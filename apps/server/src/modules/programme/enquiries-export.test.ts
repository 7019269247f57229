import { describe, expect, it } from 'vitest';
import { csvCell, enquiryColumns, toCsv, toJson } from './enquiries-export.js';
import { parseCsv } from './parse-csv.testing.js';
import type { EnquiryRecord } from './programme.repository.js';

const record = (fields: Partial<EnquiryRecord> = {}): EnquiryRecord => ({
  id: 'enq_1',
  createdAt: new Date('2025-03-01T10:20:30.000Z'),
  name: 'Joana Ferreira',
  email: 'joana@example.pt',
  phone: null,
  interest: 'inscricao',
  offering: null,
  message: null,
  userId: null,
  ...fields,
});

describe('csvCell', () => {
  it('quotes text and doubles its quotes; null is an empty field', () => {
    expect(csvCell('Ana')).toBe('"Ana"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(null)).toBe('');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('puts an apostrophe before a cell starting with %j', (start) => {
    expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
  });

  it('leaves those characters alone anywhere but at the start', () => {
    expect(csvCell('a=1+2-3@4')).toBe('"a=1+2-3@4"');
    expect(csvCell(' =1')).toBe('" =1"');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-ended record per enquiry, in UTF-8 with a byte order mark', () => {
    const text = toCsv([
      record({
        name: '=HYPERLINK("http://evil.example","Clique")',
        phone: '+351 912 345 678',
        offering: 'bootcamps',
        message: 'Olá, "equipa";\r\n@todos: quando começa?',
        userId: 'usr_1',
      }),
      record({ id: 'enq_2', name: 'Zé Ninguém', message: '-2+3' }),
    ]);
    expect(text.startsWith('\uFEFFid,created_at,name,')).toBe(true);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(text.slice(1))).toEqual([
      [...enquiryColumns],
      [
        'enq_1',
        '2025-03-01T10:20:30.000Z',
        `'=HYPERLINK("http://evil.example","Clique")`,
        'joana@example.pt',
        "'+351 912 345 678",
        'inscricao',
        'bootcamps',
        'Olá, "equipa";\r\n@todos: quando começa?',
        'usr_1',
      ],
      ['enq_2', '2025-03-01T10:20:30.000Z', 'Zé Ninguém', 'joana@example.pt', '', 'inscricao', '', "'-2+3", ''],
    ]);
  });

  it('is only the header when there is nothing to export', () => {
    expect(toCsv([])).toBe(`\uFEFF${enquiryColumns.join(',')}\r\n`);
  });
});

describe('toJson', () => {
  it('writes the same fields, unescaped, with null for what was not given', () => {
    expect(JSON.parse(toJson([record({ name: '=1+1' })]))).toEqual([
      {
        id: 'enq_1',
        created_at: '2025-03-01T10:20:30.000Z',
        name: '=1+1',
        email: 'joana@example.pt',
        phone: null,
        interest: 'inscricao',
        offering: null,
        message: null,
        user_id: null,
      },
    ]);
  });
});
