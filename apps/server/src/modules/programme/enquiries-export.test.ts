import { describe, expect, it } from 'vitest';
import { runEnquiriesExport } from '../../cli/run-enquiries-export.js';
import { csvCell, enquiryColumns, parseSinceDate, toCsv, toJson } from './enquiries-export.js';
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

describe('parseSinceDate', () => {
  it('reads a calendar date as the start of that day in UTC', () => {
    expect(parseSinceDate('2025-03-01')?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(parseSinceDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it.each(['2025-02-30', '2025-3-1', '01-03-2025', 'yesterday', '2025-03-01T10:00'])('refuses %j', (text) => {
    expect(parseSinceDate(text)).toBeNull();
  });
});

describe('runEnquiriesExport arguments', () => {
  function run(argv: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const done = runEnquiriesExport(argv, {
      env,
      cwd: '/nonexistent-nuvem-cwd',
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
    });
    return done.then((code) => ({ code, stdout: out.join(''), stderr: err.join('') }));
  }

  it('prints its usage on --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'npm run enquiries:export -- [--format csv|json] [--since YYYY-MM-DD] [--out FILE]',
    );
  });

  it.each([
    [['--format', 'xlsx'], "--format must be csv or json, not 'xlsx'"],
    [['--since', '1 March'], "--since must be a date such as 2025-03-01, not '1 March'"],
    [['--sinse', '2025-01-01'], "Unknown option '--sinse'"],
    [['--out', ''], '--out needs a file name'],
  ])('refuses %j with exit code 2 and says why', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('says when there is no embedded database where it looks', async () => {
    const result = await run(['--format', 'json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('There is no embedded database in /nonexistent-nuvem-cwd/.data/pglite');
    expect(result.stderr).toContain('DATABASE_URL');
  });

  it('says when PostgreSQL does not answer, without printing the password', async () => {
    const result = await run([], { DATABASE_URL: 'postgres://nuvem:s3cret-pw@127.0.0.1:1/nuvem' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ECONNREFUSED|connect/);
    expect(result.stderr).not.toContain('s3cret-pw');
  });
});
