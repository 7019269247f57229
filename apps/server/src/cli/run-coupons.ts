import type { PlanId } from '@nuvem/contracts/pricing';
import type { AppConfig } from '../config.js';
import { createBillingRepository, type BillingRepository } from '../modules/billing/billing.repository.js';
import { addCoupon, CouponError, disableCoupon } from '../modules/billing/coupons.js';
import type { PaymentProvider } from '../modules/billing/providers/payment-provider.js';
import { createSandboxProvider } from '../modules/billing/providers/sandbox.js';
import { createStripeClient, createStripeProvider } from '../modules/billing/providers/stripe.js';
import { cliConfig, withCliDatabase } from './cli-database.js';
import { parseCliArgs, parseDay, type CliIo } from './cli-io.js';

export const couponsUsage = `Usage: npm run coupons -- <command>

  add CODE --percent N [--expires YYYY-MM-DD] [--max N] [--plan free|starter|pro|enterprise] [--description TEXT]
                 a coupon of N% (1-100) off, stored upper-cased; --expires: usable until that day
                 starts (UTC); --max: how many purchases may use it; --plan: only that plan's
                 subscription. Mirrored to Stripe's coupons when STRIPE_SECRET_KEY is set.
  list           every coupon: percent, redemptions, expiry, plan, state
  disable CODE   stops a coupon from being used (checkouts already open keep it)

The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in
DATA_DIR (default .data), which one process can open at a time: stop the server first.
`;

/** '25' -> 25; anything but plain digits ('0x19', '2.5e1', '') -> NaN, which the checks refuse. */
function wholeNumber(value: string | undefined): number {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

function providerFor(config: AppConfig): PaymentProvider {
  const stripe = config.payments.stripe;
  return stripe
    ? createStripeProvider(createStripeClient(stripe), config.payments.currency)
    : createSandboxProvider(config.publicUrl);
}

/** `list`: one line a coupon, tab-separated. */
async function listCoupons(repo: BillingRepository, io: CliIo): Promise<number> {
  const rows = await repo.listCoupons();
  if (rows.length === 0) io.stdout('No coupons yet. Add one: npm run coupons -- add SPRING20 --percent 20\n');
  for (const row of rows) {
    const state = row.disabledAt
      ? 'disabled'
      : row.expiresAt && row.expiresAt <= new Date()
        ? 'expired'
        : row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions
          ? 'used up'
          : 'active';
    const used = `${row.redemptions}${row.maxRedemptions === null ? '' : `/${row.maxRedemptions}`} used`;
    const until = row.expiresAt ? `expires ${row.expiresAt.toISOString().slice(0, 10)}` : 'no expiry';
    io.stdout(
      `${row.code}\t${row.percentOff}%\t${used}\t${until}\t${row.plan ?? 'any purchase'}\t${state}\t${row.description}\n`,
    );
  }
  return 0;
}

/** `npm run coupons`: the operator's coupons. Exit codes: 0 done, 1 failed, 2 a wrong argument. */
export async function runCoupons(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...argv],
      options: {
        percent: { type: 'string' },
        expires: { type: 'string' },
        max: { type: 'string' },
        plan: { type: 'string' },
        description: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    },
    io,
    couponsUsage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const [command, code, ...extra] = positionals;
  if (values.help || command === undefined) {
    (values.help ? io.stdout : io.stderr)(couponsUsage);
    return values.help ? 0 : 2;
  }
  if (!['add', 'list', 'disable'].includes(command) || extra.length > 0) {
    io.stderr(`Unknown command '${positionals.join(' ')}'.\n\n${couponsUsage}`);
    return 2;
  }
  if ((command === 'add' || command === 'disable') && !code) {
    io.stderr(`${command} needs a coupon code.\n\n${couponsUsage}`);
    return 2;
  }
  let expiresAt: Date | null = null;
  if (values.expires !== undefined) {
    expiresAt = parseDay(values.expires);
    if (!expiresAt) {
      io.stderr(`--expires must be a date such as 2027-03-01, not '${values.expires}'.\n`);
      return 2;
    }
  }
  if (command === 'add' && values.percent === undefined) {
    io.stderr(`add needs --percent.\n\n${couponsUsage}`);
    return 2;
  }

  const config = cliConfig(io);
  if (!config) return 1;
  return withCliDatabase(config.database, io, 'The command', async (db) => {
    const repo = createBillingRepository(db);
    try {
      if (command === 'list') return await listCoupons(repo, io);
      if (command === 'disable') {
        const row = await disableCoupon(repo, code ?? '');
        io.stdout(`${row.code} disabled.\n`);
        return 0;
      }
      const row = await addCoupon(
        repo,
        providerFor(config),
        {
          code: code ?? '',
          percentOff: wholeNumber(values.percent),
          description: values.description ?? '',
          expiresAt,
          maxRedemptions: values.max === undefined ? null : wholeNumber(values.max),
          plan: (values.plan ?? null) as PlanId | null,
        },
        new Date(),
        (warning) => io.stderr(`${warning}\n`),
      );
      io.stdout(
        `${row.code}: ${row.percentOff}% off${row.plan ? ` the ${row.plan} plan` : ''}` +
          (row.expiresAt ? `, expires ${row.expiresAt.toISOString().slice(0, 10)} 00:00 UTC` : '') +
          (row.maxRedemptions === null ? '' : `, ${row.maxRedemptions} uses`) +
          `${row.stripeCouponId ? ` (Stripe coupon ${row.stripeCouponId})` : ''}.\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof CouponError)) throw error;
      io.stderr(`${error.message}\n`);
      return 2;
    }
  });
}
