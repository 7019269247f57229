import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseConfig } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { createProgrammeRepository } from '../modules/programme/programme.repository.js';
import { parseCsv } from '../modules/programme/parse-csv.testing.js';
import { testConfig, testDriver, testOrigin } from '../test/helper.testing.js';
import { createCliTestDatabase, runCommand, type CliTestDatabase } from './cli.testing.js';
import { runEnquiriesExport } from './run-enquiries-export.js';

/*
 * The export run as an operator runs it, against a database the server wrote: on PGlite the
 * server's data folder (DATA_DIR, relative to where the command runs), on PostgreSQL DATABASE_URL.
 */
describe(`enquiries export on ${testDriver}`, () => {
  let cwd: string;
  let env: Record<string, string>;
  let database: DatabaseConfig;
  let target: CliTestDatabase;
  let apiEnquiryId: string;

  beforeAll(async () => {
    target = await createCliTestDatabase('nuvem-export-');
    ({ cwd, env, database } = target);
    const app = await buildApp(testConfig(database));
    try {
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/api/programme/enquiries',
        remoteAddress: '198.51.100.60',
        headers: { origin: testOrigin },
        payload: {
          name: '=HYPERLINK("http://evil.example","Ver")',
          email: 'joana@example.pt',
          phone: '+351 912 345 678',
          interest: 'consultor',
          offering: 'bootcamps',
          message: 'Olá! Quando começa o próximo bootcamp?\nObrigada.',
          consent: true,
        },
      });
      expect(res.statusCode).toBe(201);
      apiEnquiryId = res.json<{ enquiry: { id: string } }>().enquiry.id;
      const repository = createProgrammeRepository(app.db);
      await repository.insertEnquiry({
        id: 'enq_old',
        name: 'Rui Old',
        email: 'rui@example.pt',
        interest: 'inscricao',
        createdAt: new Date('2024-12-31T23:59:59.999Z'),
      });
      await repository.insertEnquiry({
        id: 'enq_midnight',
        name: 'Marta Meia-Noite',
        email: 'marta@example.pt',
        interest: 'saber-mais',
        createdAt: new Date('2025-01-01T00:00:00.000Z'),
      });
    } finally {
      await app.close(); // the server stops: the embedded database is free for the export
    }
  });

  afterAll(async () => {
    await target.remove();
  });

  const run = (argv: string[]) => runCommand(runEnquiriesExport, argv, { env, cwd });

  it('writes every enquiry as CSV, oldest first, with formulas defused', async () => {
    const result = await run(['--format', 'csv']);
    expect(result.stderr).toBe('Exported 3 enquiries.\n');
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(result.stdout.slice(1));
    expect(header).toEqual([
      'id',
      'created_at',
      'name',
      'email',
      'phone',
      'interest',
      'offering',
      'message',
      'user_id',
    ]);
    expect(rows.map((row) => row[0])).toEqual(['enq_old', 'enq_midnight', apiEnquiryId]);
    expect(rows[2]).toEqual([
      apiEnquiryId,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      `'=HYPERLINK("http://evil.example","Ver")`,
      'joana@example.pt',
      "'+351 912 345 678",
      'consultor',
      'bootcamps',
      'Olá! Quando começa o próximo bootcamp?\nObrigada.',
      '',
    ]);
    expect(rows[0]).toEqual([
      'enq_old',
      '2024-12-31T23:59:59.999Z',
      'Rui Old',
      'rui@example.pt',
      '',
      'inscricao',
      '',
      '',
      '',
    ]);
  });

  it('writes JSON from a day on into a file only the operator can read', async () => {
    const result = await run(['--format', 'json', '--since', '2025-01-01', '--out', 'enquiries.json']);
    const file = join(cwd, 'enquiries.json');
    expect(result.stderr).toBe(`Exported 2 enquiries to ${file}.\n`);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const rows = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
    expect(rows.map((row) => row.id)).toEqual(['enq_midnight', apiEnquiryId]);
    expect(rows[0]).toEqual({
      id: 'enq_midnight',
      created_at: '2025-01-01T00:00:00.000Z',
      name: 'Marta Meia-Noite',
      email: 'marta@example.pt',
      phone: null,
      interest: 'saber-mais',
      offering: null,
      message: null,
      user_id: null,
    });
    expect(rows[1]).toMatchObject({ name: '=HYPERLINK("http://evil.example","Ver")', phone: '+351 912 345 678' });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.runIf(process.platform !== 'win32')(
    'replaces an older export readable by others with one only the operator can read',
    async () => {
      const file = join(cwd, 'older.csv');
      await writeFile(file, 'old export', { mode: 0o644 });
      await chmod(file, 0o644);
      const result = await run(['--out', 'older.csv']);
      expect(result.code).toBe(0);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readFile(file, 'utf8')).toContain('enq_old');
      expect((await readdir(cwd)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    },
  );

  it.runIf(process.platform !== 'win32')('refuses to write through a symbolic link', async () => {
    const victim = join(cwd, 'victim.txt');
    await writeFile(victim, 'keep me', { mode: 0o644 });
    await symlink(victim, join(cwd, 'link.csv'));
    const result = await run(['--out', 'link.csv']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The export failed: ${join(cwd, 'link.csv')} is a symbolic link: give the path of a regular file.\n`,
    );
    expect(await readFile(victim, 'utf8')).toBe('keep me');
  });

  it('exports nothing but the header from a day with no enquiries since', async () => {
    const result = await run(['--since', '2999-01-01']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('\uFEFFid,created_at,name,email,phone,interest,offering,message,user_id\r\n');
    expect(result.stderr).toBe('Exported 0 enquiries.\n');
  });

  it('refuses to open the embedded database while a server holds it, and says what to do (on PostgreSQL that lock is not in the way)', async () => {
    const folder = join(cwd, '.data', 'pglite');
    await mkdir(folder, { recursive: true });
    const lock = await lockDataDir(folder); // as a running server holds it
    try {
      const result = await run(['--format', 'csv']);
      if (testDriver === 'pglite') {
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(
          `The embedded database in ${folder} is in use by a running Nuvem server (pid ${process.pid}`,
        );
        expect(result.stderr).toContain('Stop the server and run the command again');
        expect(result.stderr).toContain('DATABASE_URL');
      } else {
        // DATABASE_URL names the database: the embedded folder and its lock are not read.
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('enq_old');
      }
    } finally {
      await lock.release();
    }
    expect((await run(['--format', 'csv'])).code).toBe(0);
  });
});
