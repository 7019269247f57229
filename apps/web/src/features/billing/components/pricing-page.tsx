import type { CouponResult } from '@nuvem/contracts/billing';
import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';
import {
  planIds,
  plans,
  type AddonType,
  type BillingPeriod,
  type Pack,
  type Plan,
  type PlanId,
} from '@nuvem/contracts/pricing';
import { ReceiptIcon, RefreshCwIcon } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { createAddonCheckout } from '../api/create-addon-checkout';
import { createSubscriptionCheckout } from '../api/create-subscription-checkout';
import { useBillingAccount } from '../api/get-billing-account';
import { usePaymentsConfig } from '../api/get-payments-config';
import { checkoutReturnUrls, couponApplies, decidePlanPurchase, planChange } from '../lib/plan-purchase';
import { readPricingChoices, writePricingChoices, type PricingChoices } from '../lib/pricing-search';
import { AddonsSection } from './addons-section';
import { CouponCard } from './coupon-card';
import { PlanChangeDialog } from './plan-change-dialog';
import { DEFAULT_CURRENCY, PLAN_CARD_ROWS, PlanCard, type PlanCardStanding } from './plan-card';
import { usePricingLanguage, usePricingText } from './pricing-text';
import { RoleRefusalNote } from './role-refusal-note';
import { SandboxNotice, sandboxSuccessCard } from './sandbox-notice';
import { useBillingAccess } from './use-billing-access';
import { useCheckout } from './use-checkout';

/** A plan checkout about to start (held while the plan-change preview is shown). */
interface PendingPlanCheckout {
  plan: PlanId;
  period: BillingPeriod;
  priceId: string;
  couponCode: string | undefined;
}

/** What the page knows of the session (the auth feature is composed in app/). */
export interface PricingSession {
  /** true signed in, false signed out, null not known yet (the server then decides). */
  signedIn: boolean | null;
  email?: string | undefined;
}

/**
 * The pricing page of spec 2 ('/pricing' and '/planos'): the four plans monthly or yearly, the
 * add-ons with packs and custom quantities, the coupon, and checkout on the configured provider.
 */
export function PricingPage({ session }: { session: PricingSession }) {
  const t = usePricingText();
  const language = usePricingLanguage();
  // The period, the add-on tab and the coupon are kept in the address too: a trip to sign-in (whose
  // return address is this one), a reload or a shared link keeps them. The page's state leads (the
  // router's own update of the address may come a moment later).
  const location = useLocation();
  const [, setSearch] = useSearchParams();
  const [choices, setChoices] = useState(() => readPricingChoices(new URLSearchParams(location.search)));
  const { period, tab } = choices;
  const choose = useCallback(
    (change: Partial<PricingChoices>) => {
      setChoices((current) => ({ ...current, ...change }));
      setSearch((current) => writePricingChoices(current, change), { replace: true, preventScrollReset: true });
    },
    [setSearch],
  );
  const [restoreCode] = useState(choices.coupon);
  const returnSearch = writePricingChoices(new URLSearchParams(location.search), choices).toString();
  const returnTo = `${location.pathname}${returnSearch ? `?${returnSearch}` : ''}`;
  const setPeriod = (next: BillingPeriod) => choose({ period: next });
  const [coupon, setCouponState] = useState<CouponResult | null>(null);
  const setCoupon = useCallback(
    (next: CouponResult | null) => {
      setCouponState(next);
      choose({ coupon: next?.code ?? null });
    },
    [choose],
  );
  const config = usePaymentsConfig();
  const account = useBillingAccount({ enabled: session.signedIn === true });
  const { processing, checkout, requireSignIn } = useCheckout(returnTo);
  const [planChangeShown, setPlanChangeShown] = useState<PendingPlanCheckout | null>(null);
  // The button that opened the plan-change dialog gets the focus back when it closes.
  const planChangeOpener = useRef<HTMLElement | null>(null);
  const switchId = useId();
  const titleId = useId();
  const plansHeadingId = useId();

  // Until the configuration arrives the prices wait (skeletons); if it cannot be had, they are
  // shown in euro, the spec's currency and the server's default, and nothing can be bought.
  const currency = config.data?.currency ?? (config.isError ? DEFAULT_CURRENCY : null);
  // In an organisation, buying needs billing:manage: other roles are told why instead of buttons
  // (a visitor and the personal workspace may always buy).
  const access = useBillingAccess('buy', { lng: language });
  // Buying waits for the configuration (price ids, provider) and for what the role allows; one purchase at a time.
  const purchasesDisabled = config.data === undefined || processing !== null || !access.manage;
  const returnUrls = () => checkoutReturnUrls(window.location.origin, paths.success.getHref(), paths.pricing.getHref());
  const signedInAccount = session.signedIn === true ? account.data : undefined;

  function standingOf(plan: Plan): PlanCardStanding {
    if (!signedInAccount) return 'none';
    const paying = signedInAccount.plan !== 'free';
    if (plan.id === 'free') return paying ? 'free-while-paying' : 'current';
    if (plan.id !== signedInAccount.plan) return 'none';
    return signedInAccount.period === period ? 'current' : 'current-other-period';
  }

  /** Said before paying: buying another plan replaces the current one (or follows it). */
  function noticeOf(plan: Plan): string | null {
    const change = planChange({ account: signedInAccount, plan: plan.id, period });
    const named = (id: Plan['id'], of: BillingPeriod) =>
      t('plans.planPeriod', { plan: plans[id].name, period: t(`plans.periodName.${of}`) });
    switch (change.kind) {
      case 'none':
        return null;
      case 'replace':
        return `${t('plans.change.replace', {
          current: named(change.current.plan, change.current.period),
          next: named(plan.id, period),
        })} ${t('plans.change.prorated')}`;
    }
  }

  function startPlanCheckout({ plan, period: of, priceId, couponCode }: PendingPlanCheckout) {
    void checkout(`plan:${plan}`, t('toasts.subscriptionFallback'), () =>
      createSubscriptionCheckout({
        priceId,
        plan,
        period: of,
        couponCode,
        customerEmail: session.email,
        ...returnUrls(),
      }),
    );
  }

  function choosePlan(plan: Plan) {
    const decision = decidePlanPurchase({
      plan,
      period,
      signedIn: session.signedIn,
      priceIds: config.data?.priceIds ?? {},
    });
    switch (decision.kind) {
      case 'sign-in':
        requireSignIn();
        return;
      case 'free':
        toast.success(t('toasts.freeActivated'));
        return;
      case 'invalid-price':
        toast.error(t('toasts.invalidPrice'));
        return;
      case 'price-id-missing':
        toast.error(t('toasts.priceIdMissing'));
        return;
      case 'checkout': {
        const pending: PendingPlanCheckout = {
          plan: plan.id,
          period,
          priceId: decision.priceId,
          couponCode: couponApplies(coupon, plan.id) ? coupon.code : undefined,
        };
        // On a paid plan, what the change costs today (the credit for the time left, the VAT) first.
        const change = planChange({ account: signedInAccount, plan: plan.id, period });
        if (change.kind === 'none') startPlanCheckout(pending);
        else {
          planChangeOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setPlanChangeShown(pending);
        }
      }
    }
  }

  const addonCoupon = couponApplies(coupon, null) ? coupon : null;
  function buyAddon(key: string, body: { type: AddonType; pack?: string; quantity?: number }) {
    if (session.signedIn === false) {
      requireSignIn();
      return;
    }
    void checkout(key, t('toasts.addonFallback'), () =>
      createAddonCheckout({ ...body, couponCode: addonCoupon?.code, customerEmail: session.email, ...returnUrls() }),
    );
  }

  return (
    <main
      lang={language}
      aria-labelledby={titleId}
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-12 px-4 py-10 sm:px-6 lg:gap-16 lg:py-14"
    >
      <title>{t('title', { product: PRODUCT_NAME })}</title>
      <header className="flex flex-col items-center gap-5 text-center">
        <h1 id={titleId} className="text-4xl font-bold tracking-tight sm:text-5xl">
          {t('title', { product: PRODUCT_NAME })}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t('intro')}</p>
        <p data-testid="pricing-vat-note" className="text-sm text-muted-foreground">
          {t('vatNote')}
        </p>
        {session.signedIn && (
          <Link
            to={paths.billing.getHref()}
            className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
          >
            <ReceiptIcon aria-hidden="true" className="size-4" />
            {t('billingLink')}
          </Link>
        )}
        {access.refusal && <RoleRefusalNote className="max-w-2xl" text={access.refusal} />}
        {config.data?.provider === 'sandbox' && (
          <SandboxNotice
            className="max-w-2xl"
            label={t('sandbox.label')}
            text={t('sandbox.text', { card: sandboxSuccessCard })}
          />
        )}
        {config.isError && (
          <div
            role="alert"
            className="flex max-w-2xl flex-wrap items-center justify-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            <p>{t('configError')}</p>
            <Button size="sm" variant="outline" onClick={() => void config.refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              {t('retry')}
            </Button>
          </div>
        )}
        <div className="glass flex items-center gap-3 rounded-full px-4 py-2">
          <span
            aria-hidden="true"
            className={period === 'monthly' ? 'font-semibold' : 'text-muted-foreground'}
            onClick={() => setPeriod('monthly')}
          >
            {t('period.monthly')}
          </span>
          <Switch
            id={switchId}
            checked={period === 'yearly'}
            onCheckedChange={(yearly) => setPeriod(yearly ? 'yearly' : 'monthly')}
          />
          <Label htmlFor={switchId} className={period === 'yearly' ? 'font-semibold' : 'text-muted-foreground'}>
            {t('period.yearly')}
            <Badge variant="success" className="ml-2">
              {t('period.discount')}
            </Badge>
          </Label>
        </div>
      </header>

      <section aria-labelledby={plansHeadingId} className="flex flex-col gap-4">
        <h2 id={plansHeadingId} className="sr-only">
          {t('plans.heading')}
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {planIds.map((id) => {
            const plan = plans[id];
            return (
              <li key={id} className={PLAN_CARD_ROWS}>
                <PlanCard
                  plan={plan}
                  period={period}
                  currency={currency}
                  coupon={couponApplies(coupon, id) ? coupon : null}
                  standing={standingOf(plan)}
                  notice={noticeOf(plan)}
                  processing={processing === `plan:${id}`}
                  disabled={purchasesDisabled}
                  canBuy={access.refusal === null}
                  onChoose={() => choosePlan(plan)}
                />
              </li>
            );
          })}
        </ul>
      </section>

      <AddonsSection
        tab={tab}
        onTabChange={(next) => choose({ tab: next })}
        currency={currency}
        coupon={addonCoupon}
        processing={processing}
        disabled={purchasesDisabled}
        refusal={access.refusal}
        onBuyPack={(type, pack: Pack) => buyAddon(`pack:${type}:${pack.id}`, { type, pack: pack.id })}
        onBuyCustom={(type, quantity) => buyAddon(`custom:${type}`, { type, quantity })}
      />

      <CouponCard coupon={coupon} restoreCode={restoreCode} onChange={setCoupon} />

      <PlanChangeDialog
        change={planChangeShown}
        onCancel={() => setPlanChangeShown(null)}
        returnFocusTo={() => planChangeOpener.current}
        onContinue={() => {
          if (planChangeShown) startPlanCheckout(planChangeShown);
          setPlanChangeShown(null);
        }}
      />
    </main>
  );
}
