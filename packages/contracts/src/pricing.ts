/**
 * Prices, in one pure module used by the server (which never trusts a client's price) and the
 * pricing page (live totals). Money is integer cents of the configured currency; spec 2 section 9.
 */
import { containerTiers } from './containers.js';

export const planIds = ['free', 'starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];
export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];
export const addonTypes = ['tokens', 'consultation', 'development'] as const;
export type AddonType = (typeof addonTypes)[number];
export const containerTierIds = ['small', 'medium', 'large'] as const;
type ContainerTierId = (typeof containerTierIds)[number];

/** What a plan unlocks on the platform, enforced by the server. */
export interface PlanEntitlements {
  /** Rate tier of the user's API keys. */
  keyTier: 'standard' | 'premium' | 'enterprise';
  /** Containers the user may hold at once. */
  containers: number;
  /** Container tiers the user may create or scale to. */
  containerTiers: readonly ContainerTierId[];
  /** Members an organisation on this plan may hold, pending invitations included (issue 34). */
  seats: number;
}

/** The card's seats line, in the spec's voice ("Até 25 utilizadores"). */
function seatsFeature(seats: number): string {
  return `Até ${seats} utilizadores`;
}

/**
 * The card's disk line, from the tiers' root disks (each container's disk size is set by its tier
 * and enforced by the driver; nothing else is stored for a user): 'Disco de 10 a 100GB por container'.
 */
function diskFeature(tiers: readonly ContainerTierId[]): string {
  const sizes = tiers.map((tier) => containerTiers[tier].diskGb);
  const least = Math.min(...sizes);
  const most = Math.max(...sizes);
  return least === most ? `Disco de ${most}GB por container` : `Disco de ${least} a ${most}GB por container`;
}

const allTiers = ['small', 'medium', 'large'] as const;

export interface Plan {
  id: PlanId;
  name: string;
  /** Price of one month billed monthly, in cents. */
  monthlyCents: number;
  /** Price of one year billed yearly, in cents. */
  yearlyCents: number;
  description: string;
  /** Tokens included each month, in millions. */
  tokensIncluded: number;
  /** Consultation hours included each month (Pro and Enterprise). */
  consultationIncluded: number;
  /** Price of extra tokens per 1,000, as the spec writes it (Pro and Enterprise). */
  extraTokenPrice: string | null;
  popular: boolean;
  features: readonly string[];
  entitlements: PlanEntitlements;
}

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyCents: 0,
    yearlyCents: 0,
    description: 'Para experimentar a plataforma',
    tokensIncluded: 2,
    consultationIncluded: 0,
    extraTokenPrice: null,
    popular: false,
    features: [
      '2M tokens por mês',
      'Limitado a 3 uploads de projetos',
      '3 containers small ou medium',
      'API keys standard',
      seatsFeature(3),
    ],
    entitlements: { keyTier: 'standard', containers: 3, containerTiers: ['small', 'medium'], seats: 3 },
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    monthlyCents: 2900,
    yearlyCents: 29000,
    description: 'Para projetos pessoais e pequenas equipas',
    tokensIncluded: 10,
    consultationIncluded: 0,
    extraTokenPrice: null,
    popular: false,
    features: [
      '10M tokens por mês',
      '10 containers, todos os tamanhos',
      diskFeature(allTiers),
      'API keys standard',
      seatsFeature(5),
    ],
    entitlements: { keyTier: 'standard', containers: 10, containerTiers: allTiers, seats: 5 },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyCents: 9900,
    yearlyCents: 99000,
    description: 'Para equipas que constroem em produção',
    tokensIncluded: 30,
    consultationIncluded: 1,
    extraTokenPrice: '0.04',
    popular: true,
    features: [
      '30M tokens por mês',
      '1h de consultoria por mês',
      'Tokens extra a 0.04 por 1000',
      '25 containers, todos os tamanhos',
      diskFeature(allTiers),
      'API keys premium',
      seatsFeature(10),
    ],
    entitlements: { keyTier: 'premium', containers: 25, containerTiers: allTiers, seats: 10 },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyCents: 19900,
    yearlyCents: 199000,
    description: 'Para organizações com várias equipas',
    tokensIncluded: 100,
    consultationIncluded: 3,
    extraTokenPrice: '0.03',
    popular: false,
    features: [
      '100M tokens por mês',
      '3h de consultoria por mês',
      'Tokens extra a 0.03 por 1000 (25% de desconto)',
      seatsFeature(25),
      '100 containers, todos os tamanhos',
      diskFeature(allTiers),
      'API keys enterprise',
    ],
    entitlements: { keyTier: 'enterprise', containers: 100, containerTiers: allTiers, seats: 25 },
  },
};

/**
 * What a plan's card sells at most: its containers, all on the largest tier it includes, and so
 * their vCPUs and memory. The operator's MAX_CONTAINER* caps must reach these (see the config).
 */
export function planContainerResources(plan: PlanId): { containers: number; vcpus: number; memoryGb: number } {
  const { containers, containerTiers: tiers } = plans[plan].entitlements;
  const largest = (measure: 'cpu' | 'memoryGb') => Math.max(...tiers.map((tier) => containerTiers[tier][measure]));
  return { containers, vcpus: containers * largest('cpu'), memoryGb: containers * largest('memoryGb') };
}

/** The price of one billing period of a plan, in cents. */
export function planPriceCents(plan: PlanId, period: BillingPeriod): number {
  return period === 'yearly' ? plans[plan].yearlyCents : plans[plan].monthlyCents;
}

/** The yearly card: the monthly figure (yearly / 12, rounded to the cent) and the saving (12 x monthly - yearly). */
export function yearlyDisplay(plan: PlanId): { perMonthCents: number; savingCents: number } {
  const { monthlyCents, yearlyCents } = plans[plan];
  return { perMonthCents: Math.round(yearlyCents / 12), savingCents: 12 * monthlyCents - yearlyCents };
}

export interface Pack {
  id: string;
  name: string;
  /** Millions of tokens, or hours. */
  quantity: number;
  priceCents: number;
}

export const packs: Record<AddonType, readonly Pack[]> = {
  tokens: [
    { id: 'small', name: 'Small', quantity: 5, priceCents: 1500 },
    { id: 'medium', name: 'Medium', quantity: 20, priceCents: 5000 },
    { id: 'large', name: 'Large', quantity: 50, priceCents: 12000 },
    { id: 'xl', name: 'XL', quantity: 100, priceCents: 22000 },
  ],
  consultation: [
    { id: 'basic', name: 'Basic', quantity: 3, priceCents: 18000 },
    { id: 'standard', name: 'Standard', quantity: 8, priceCents: 40000 },
    { id: 'premium', name: 'Premium', quantity: 20, priceCents: 90000 },
  ],
  development: [
    { id: 'starter', name: 'Starter', quantity: 5, priceCents: 45000 },
    { id: 'growth', name: 'Growth', quantity: 15, priceCents: 120000 },
    { id: 'enterprise', name: 'Enterprise', quantity: 40, priceCents: 280000 },
  ],
};

export function findPack(type: AddonType, packId: string): Pack | undefined {
  return packs[type].find((pack) => pack.id === packId);
}

/** One band of graduated pricing: `size` units at `unitCents` each (`null`: every unit beyond). */
export interface Band {
  size: number | null;
  unitCents: number;
}

export const bands: Record<AddonType, readonly Band[]> = {
  tokens: [
    { size: 10, unitCents: 300 },
    { size: 15, unitCents: 280 },
    { size: 25, unitCents: 260 },
    { size: 50, unitCents: 240 },
    { size: 100, unitCents: 220 },
    { size: null, unitCents: 200 },
  ],
  consultation: [
    { size: 5, unitCents: 6000 },
    { size: 5, unitCents: 5500 },
    { size: 10, unitCents: 5000 },
    { size: 20, unitCents: 4500 },
    { size: null, unitCents: 4000 },
  ],
  development: [
    { size: 8, unitCents: 9000 },
    { size: 12, unitCents: 8500 },
    { size: 20, unitCents: 8000 },
    { size: 40, unitCents: 7500 },
    { size: null, unitCents: 7000 },
  ],
};

/** The custom-quantity sliders: minimum, maximum, step. */
export const addonLimits: Record<AddonType, { min: number; max: number; step: number }> = {
  tokens: { min: 1, max: 500, step: 1 },
  consultation: { min: 1, max: 100, step: 1 },
  development: { min: 1, max: 200, step: 1 },
};

export interface QuoteLine {
  /** First and last unit of the band this line covers (1-based, inclusive). */
  from: number;
  to: number;
  units: number;
  unitCents: number;
  amountCents: number;
}

export interface Quote {
  subtotalCents: number;
  percentOff: number;
  discountCents: number;
  totalCents: number;
  lines: QuoteLine[];
}

/** The discount of a coupon on an amount, rounded to the cent (half up). */
export function discountCents(amountCents: number, percentOff: number): number {
  return Math.round((amountCents * percentOff) / 100);
}

function withCoupon(subtotalCents: number, lines: QuoteLine[], percentOff: number): Quote {
  const discount = discountCents(subtotalCents, percentOff);
  return { subtotalCents, percentOff, discountCents: discount, totalCents: subtotalCents - discount, lines };
}

/** The graduated price of `quantity` units (an integer from 0): each band's units at its price, coupon last. */
export function quoteCustom(type: AddonType, quantity: number, percentOff = 0): Quote {
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a whole number from 0`);
  const lines: QuoteLine[] = [];
  let left = quantity;
  let next = 1;
  for (const band of bands[type]) {
    if (left === 0) break;
    const units = band.size === null ? left : Math.min(left, band.size);
    lines.push({
      from: next,
      to: next + units - 1,
      units,
      unitCents: band.unitCents,
      amountCents: units * band.unitCents,
    });
    left -= units;
    next += units;
  }
  return withCoupon(
    lines.reduce((sum, line) => sum + line.amountCents, 0),
    lines,
    percentOff,
  );
}

/** A predefined pack at its own price (no band lines), coupon last. */
export function quotePack(pack: Pack, percentOff = 0): Quote {
  return withCoupon(pack.priceCents, [], percentOff);
}

/** A plan's price for a period, coupon last (a plan has no band lines). */
export function quotePlan(plan: PlanId, period: BillingPeriod, percentOff = 0): Quote {
  return withCoupon(planPriceCents(plan, period), [], percentOff);
}

/** ISO 4217 codes the portal can charge in (the configured PAYMENTS_CURRENCY). */
export const currencies = ['eur', 'usd', 'gbp', 'brl'] as const;
export type Currency = (typeof currencies)[number];

/** An amount in cents as a person reads it in the page's locale ('29,00 €'). */
export function formatMoney(cents: number, currency: string, locale = 'pt-PT'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
