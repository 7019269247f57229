import { pricingMessages } from '@nuvem/contracts/billing';
import { planIds, type PlanId } from '@nuvem/contracts/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { AuditRecord } from '../orgs/orgs.types.js';
import type { BillingOrderRow, BillingRepository, BillingSubscriptionRow } from './billing.repository.js';
import type { PaymentProvider } from './providers/payment-provider.js';

/** A day: Stripe's grace for a late renewal webhook. Periods themselves follow the calendar (periods.ts). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** What fulfilment needs from the provider's side: its reference, receipt and (Stripe) period end. */
export interface PaymentConfirmation {
  providerRef: string | null;
  receiptUrl: string | null;
  subscriptionId?: string | null;
  /** The provider's period (Stripe); the sandbox's follow the calendar from the anchor. */
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
}

export interface BillingDeps {
  repo: BillingRepository;
  config: AppConfig;
  provider: PaymentProvider;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** A person's e-mail (the buyer's at checkout: Stripe's customer and session show it, whatever the client sent). */
  emailOf(userId: string): Promise<string | null>;
  /** Puts the workspace's working API keys on its plan's tier. */
  setKeyTier(workspaceId: string, tier: 'standard' | 'premium' | 'enterprise'): Promise<number>;
  /** Ends, at the provider, a subscription a new plan replaced (durably: queued and retried). */
  /** `prorate`: let the provider credit its unused time (false when the new order already did). */
  cancelReplaced(providerSubscriptionId: string, options: { prorate: boolean }): Promise<void>;
  /** Mails the receipt of a paid order (never throws; once per order). */
  sendReceipt?(order: BillingOrderRow): Promise<void>;
  /** Appends to a workspace's audit log without a request (a payment, a webhook); never throws. */
  audit?(workspaceId: string, actor: { userId: string | null; via: string }, record: AuditRecord): Promise<void>;
  now?: () => Date;
}

/**
 * Who buys: the workspace that owns the order, its plan and its balances (an organisation's
 * `wsp_…` id, or a person's own id for their personal workspace), and the member acting for it.
 */
export interface Buyer {
  workspaceId: string;
  /** The person placing the order (their address is the checkout's; the receipt goes to them). */
  userId: string;
}

/** The database or a transaction, as `repo.transaction` hands it over (for the module's other repositories). */
export type BillingDb = Parameters<Parameters<BillingRepository['transaction']>[0]>[1];

/** What every billing use case is built from: the dependencies, with the clock settled. */
export type BillingContext = Omit<BillingDeps, 'now'> & { now: () => Date };

export function invalidCoupon(): AppError {
  return new AppError(404, pricingMessages.couponInvalid, 'INVALID_COUPON');
}

export function isPlanId(value: string | null | undefined): value is PlanId {
  return value !== null && value !== undefined && (planIds as readonly string[]).includes(value);
}

/** The plan a subscription row gives at `at`: Free without one, once it ended, or when cancelled. */
export function currentPlan(subscription: BillingSubscriptionRow | undefined, at: Date): PlanId {
  if (!subscription || subscription.status === 'cancelled' || subscription.currentPeriodEnd <= at) return 'free';
  return isPlanId(subscription.plan) ? subscription.plan : 'free';
}
