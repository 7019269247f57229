import { pricingMessages } from '@nuvem/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseConfig } from '../config.js';
import { testConfig, testDriver, testOrigin } from '../test/helper.testing.js';
import { createCliTestDatabase, runCommand, type CliTestDatabase } from './cli.testing.js';
import { couponsUsage, runCoupons } from './run-coupons.js';

/*
 * `npm run coupons` as an operator runs it, against a database the server set up: on PGlite the
 * server's data folder (DATA_DIR, relative to where the command runs), on PostgreSQL DATABASE_URL.
 * What the command stores is then read by a server on the same database.
 */
describe(`coupons command on ${testDriver}`, () => {
  let cwd: string;
  let env: Record<string, string>;
  let database: DatabaseConfig;
  let target: CliTestDatabase;
  /** A day that has not come yet, as --expires takes it. */
  const future = '2099-06-30';
  /** `list` once the coupons are added: what every refusal must leave as it is. */
  let listed = '';

  beforeAll(async () => {
    target = await createCliTestDatabase('nuvem-coupons-');
    ({ cwd, env, database } = target);
    // The server runs once on the migrated database, then stops: the embedded database is free.
    const app = await buildApp(testConfig(database));
    await app.ready();
    await app.close();
  });

  afterAll(async () => {
    await target.remove();
  });

  const run = (argv: string[]) => runCommand(runCoupons, argv, { env, cwd });

  /** `list`'s output, which must succeed. */
  async function list(): Promise<string> {
    const result = await run(['list']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return result.stdout;
  }

  /** A server on the database the command wrote, for one call. */
  async function withServer<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
    const app = await buildApp(testConfig(database));
    try {
      await app.ready();
      return await use(app);
    } finally {
      await app.close(); // the embedded database is free for the command again
    }
  }

  it('lists no coupons on a new install, and says how to add one', async () => {
    expect(await list()).toBe('No coupons yet. Add one: npm run coupons -- add SPRING20 --percent 20\n');
  });

  it('adds a coupon upper-cased with its percent, expiry, limit, plan and description, and lists it', async () => {
    const added = await run([
      'add',
      'spring25',
      '--percent',
      '25',
      '--expires',
      future,
      '--max',
      '50',
      '--plan',
      'pro',
      '--description',
      'Primavera: 25% no Pro',
    ]);
    expect(added.stderr).toBe('');
    expect(added.stdout).toBe(`SPRING25: 25% off the pro plan, expires ${future} 00:00 UTC, 50 uses.\n`);
    expect(added.code).toBe(0);

    const plain = await run(['add', 'Plain-10', '--percent', '10']);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toBe('PLAIN-10: 10% off.\n');
    expect(plain.code).toBe(0);

    listed = await list();
    expect(listed).toBe(
      'PLAIN-10\t10%\t0 used\tno expiry\tany purchase\tactive\t10% de desconto\n' +
        `SPRING25\t25%\t0/50 used\texpires ${future}\tpro\tactive\tPrimavera: 25% no Pro\n`,
    );
  });

  it('refuses a code that exists already, whatever its case, and keeps the first', async () => {
    const result = await run(['add', 'Spring25', '--percent', '90']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('A coupon SPRING25 exists already.\n');
    expect(await list()).toBe(listed);
  });

  const refusals: { name: string; argv: string[]; message: string }[] = [
    {
      name: '--percent 0',
      argv: ['add', 'BAD', '--percent', '0'],
      message: '--percent must be a whole number from 1 to 100.\n',
    },
    {
      name: '--percent 101',
      argv: ['add', 'BAD', '--percent', '101'],
      message: '--percent must be a whole number from 1 to 100.\n',
    },
    {
      name: '--percent x',
      argv: ['add', 'BAD', '--percent', 'x'],
      message: '--percent must be a whole number from 1 to 100.\n',
    },
    {
      name: '--percent 12.5',
      argv: ['add', 'BAD', '--percent', '12.5'],
      message: '--percent must be a whole number from 1 to 100.\n',
    },
    {
      name: '--percent 0x19',
      argv: ['add', 'BAD', '--percent', '0x19'],
      message: '--percent must be a whole number from 1 to 100.\n',
    },
    {
      name: '--max 1e3',
      argv: ['add', 'BAD', '--percent', '10', '--max', '1e3'],
      message: '--max must be a whole number from 1.\n',
    },
    {
      name: 'a past --expires',
      argv: ['add', 'BAD', '--percent', '10', '--expires', '2020-01-01'],
      message: '--expires must be in the future.\n',
    },
    {
      name: 'a day that does not exist',
      argv: ['add', 'BAD', '--percent', '10', '--expires', '2099-02-30'],
      message: "--expires must be a date such as 2027-03-01, not '2099-02-30'.\n",
    },
    {
      name: 'an --expires that is no date',
      argv: ['add', 'BAD', '--percent', '10', '--expires', 'tomorrow'],
      message: "--expires must be a date such as 2027-03-01, not 'tomorrow'.\n",
    },
    {
      name: 'an unknown --plan',
      argv: ['add', 'BAD', '--percent', '10', '--plan', 'gold'],
      message: '--plan must be one of free, starter, pro, enterprise.\n',
    },
    {
      name: '--max 0',
      argv: ['add', 'BAD', '--percent', '10', '--max', '0'],
      message: '--max must be a whole number from 1.\n',
    },
    {
      name: 'a code with a space',
      argv: ['add', 'NO WAY', '--percent', '10'],
      message: 'The code must be 2 to 40 letters, digits, - or _ (it is stored in upper case).\n',
    },
    {
      name: 'a missing code',
      argv: ['add', '--percent', '10'],
      message: `add needs a coupon code.\n\n${couponsUsage}`,
    },
    { name: 'a missing --percent', argv: ['add', 'BAD'], message: `add needs --percent.\n\n${couponsUsage}` },
    {
      name: 'an unknown option',
      argv: ['add', 'BAD', '--percent', '10', '--discount', '5'],
      message: "Unknown option '--discount'",
    },
    {
      name: 'an unknown command',
      argv: ['remove', 'BAD'],
      message: `Unknown command 'remove BAD'.\n\n${couponsUsage}`,
    },
  ];

  it.each(refusals)(
    'refuses $name with exit code 2 and a clear message, storing nothing',
    async ({ argv, message }) => {
      const result = await run(argv);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      if (message.endsWith('\n')) expect(result.stderr).toBe(message);
      else expect(result.stderr).toContain(message);
      expect(await list()).toBe(listed);
    },
  );

  it('disables a coupon: listed as disabled, and the server answers that the code is invalid', async () => {
    const result = await run(['disable', 'spring25']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('SPRING25 disabled.\n');
    expect(result.code).toBe(0);
    expect(await list()).toContain(
      `SPRING25\t25%\t0/50 used\texpires ${future}\tpro\tdisabled\tPrimavera: 25% no Pro\n`,
    );

    await withServer(async (app) => {
      const validate = (code: string, plan?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/payments/coupons/validate',
          headers: { origin: testOrigin },
          payload: { code, ...(plan ? { plan } : {}) },
        });
      const disabled = await validate('SPRING25', 'pro');
      expect(disabled.statusCode).toBe(404);
      expect(disabled.json()).toMatchObject({ success: false, error: pricingMessages.couponInvalid });
      expect((await validate('spring25')).statusCode).toBe(404);
      // The coupon the command added and left alone is one the server takes.
      const active = await validate('plain-10');
      expect(active.statusCode, active.body).toBe(200);
      expect(active.json()).toEqual({
        valid: true,
        code: 'PLAIN-10',
        percentOff: 10,
        description: '10% de desconto',
        plan: null,
      });
    });
  });

  it('says when there is no coupon to disable', async () => {
    const result = await run(['disable', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('There is no coupon NOPE.\n');
  });

  it('prints its usage on --help (exit 0), and on standard error without a command (exit 2)', async () => {
    const help = await run(['--help']);
    expect(help).toEqual({ code: 0, stdout: couponsUsage, stderr: '' });
    expect(await run(['-h'])).toEqual({ code: 0, stdout: couponsUsage, stderr: '' });
    expect(await run([])).toEqual({ code: 2, stdout: '', stderr: couponsUsage });
  });
});
