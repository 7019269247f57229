import { describe, expect, it } from 'vitest';
import { runCommand } from './cli.testing.js';
import { runEnquiriesExport } from './run-enquiries-export.js';

describe('runEnquiriesExport arguments', () => {
  const run = (argv: string[], env: Record<string, string> = {}) =>
    runCommand(runEnquiriesExport, argv, { env, cwd: '/nonexistent-nuvem-cwd' });

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
