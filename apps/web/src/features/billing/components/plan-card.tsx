import type { CouponResult } from '@nuvem/contracts/billing';
import { planPriceCents, quotePlan, yearlyDisplay, type BillingPeriod, type Plan } from '@nuvem/contracts/pricing';
import { CheckIcon, InfoIcon, Loader2Icon, SparklesIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { extraTokenCents } from '../lib/plan-features';
import { usePricingMoney, usePricingText } from './pricing-text';

/** The currency the prices are shown in until the payments configuration says otherwise. */
export const DEFAULT_CURRENCY = 'eur';

/** What the signed-in user has now, as far as this card is concerned. */
export type PlanCardStanding =
  /** Not signed in, or not known yet. */
  | 'none'
  /** This plan and this period: nothing to buy. */
  | 'current'
  /** This plan in the other period: the button switches period. */
  | 'current-other-period'
  /** The Free card of a paying subscriber: leaving a paid plan is a cancellation (not the current plan). */
  | 'free-while-paying';

/** The rows of a card, shared across a row of cards (CSS subgrid) so that their prices line up. */
export const PLAN_CARD_ROWS = 'row-span-4 grid grid-rows-subgrid';

export interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  /** null until the payments configuration has loaded. */
  currency: string | null;
  /** The applied coupon when it counts for this plan. */
  coupon: CouponResult | null;
  standing: PlanCardStanding;
  /** The plan's own checkout is running. */
  processing: boolean;
  /** Another purchase is running, or buying is not possible now. */
  disabled: boolean;
  /** What buying this plan does to the paid plan the user has now (it replaces it, or follows it). */
  notice?: string | null;
  /** false: the role in this organisation cannot buy (the page says why once): no button. */
  canBuy?: boolean;
  onChoose: () => void;
}

/** One of the four plans: price for the period (yearly: per month, billed yearly, the saving), features, the button. */
export function PlanCard({
  plan,
  period,
  currency,
  coupon,
  standing,
  processing,
  disabled,
  notice = null,
  canBuy = true,
  onChoose,
}: PlanCardProps) {
  const t = usePricingText();
  const pricingMoney = usePricingMoney();
  // The catalogue's lines for the plan, in the page's language, the extra-token price as money.
  const tokenCents = extraTokenCents(plan);
  const features = t(`planCopy.${plan.id}.features`, {
    price: tokenCents === null ? '' : pricingMoney(tokenCents, currency ?? DEFAULT_CURRENCY),
  }).split('\n');
  const titleId = useId();
  const noticeId = useId();
  const free = plan.monthlyCents === 0 && plan.yearlyCents === 0;
  // Only the plan the user is on: the Free card of a paying user is not it.
  const current = standing === 'current' || standing === 'current-other-period';
  const yearly = yearlyDisplay(plan.id);
  const perMonthCents = period === 'yearly' ? yearly.perMonthCents : plan.monthlyCents;
  const discounted = coupon && !free ? quotePlan(plan.id, period, coupon.percentOff) : null;

  let action: ReactNode;
  if (!canBuy) {
    action = null;
  } else if (standing === 'free-while-paying') {
    action = (
      <Button asChild variant="outline" className="w-full">
        <Link to={paths.billing.getHref()}>{t('plans.manage')}</Link>
      </Button>
    );
  } else {
    const subscribing = standing === 'none' && !free;
    const label =
      standing === 'current' && !free
        ? t('plans.current')
        : standing === 'current-other-period'
          ? t(period === 'yearly' ? 'plans.switchToYearly' : 'plans.switchToMonthly')
          : free
            ? t('plans.startFree')
            : t('plans.subscribe');
    // The visible words start the name, so a voice user can say what they see.
    const name = processing
      ? t('plans.processingLabel', { plan: plan.name })
      : subscribing
        ? t('plans.subscribeLabel', { plan: plan.name })
        : undefined;
    action = (
      <Button
        className="w-full"
        variant={plan.popular ? 'default' : 'outline'}
        disabled={processing || (disabled && !free) || (standing === 'current' && !free)}
        aria-busy={processing || undefined}
        aria-label={name}
        aria-describedby={notice ? noticeId : undefined}
        onClick={onChoose}
      >
        {processing && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
        {processing ? t('plans.processing') : label}
      </Button>
    );
  }

  return (
    // Four rows (heading, price, features, button) in the list's subgrid: a badge that wraps or a
    // longer description in one card moves the row in all of them, so the prices stay level.
    <article
      aria-labelledby={titleId}
      className={cn(
        'glass relative gap-5 rounded-xl p-6',
        PLAN_CARD_ROWS,
        plan.popular && 'border-primary/70 shadow-[0_0_0_1px_var(--color-primary)]',
      )}
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-xl font-bold">
            {plan.name}
          </h3>
          {plan.popular && (
            <Badge>
              <SparklesIcon aria-hidden="true" className="size-3" />
              {t('plans.popular')}
            </Badge>
          )}
          {current && <Badge variant="success">{t('plans.currentBadge')}</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">{t(`planCopy.${plan.id}.description`)}</p>
      </header>

      <div className="flex flex-col gap-1 self-start">
        {currency === null ? (
          <Skeleton className="h-10 w-32" />
        ) : (
          <>
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight">{pricingMoney(perMonthCents, currency)}</span>
              <span className="text-sm text-muted-foreground">{t('plans.perMonth')}</span>
            </p>
            {period === 'yearly' && !free && (
              <>
                <p className="text-sm text-muted-foreground">
                  {t('plans.billedYearly', { total: pricingMoney(planPriceCents(plan.id, 'yearly'), currency) })}
                </p>
                <p className="text-sm font-medium text-success">
                  {t('plans.saving', { amount: pricingMoney(yearly.savingCents, currency) })}
                </p>
              </>
            )}
            {discounted && coupon && (
              <p className="rounded-md bg-success/10 px-2 py-1 text-sm font-medium text-success">
                {t(period === 'yearly' ? 'plans.withCouponYearly' : 'plans.withCouponMonthly', {
                  code: coupon.code,
                  price: pricingMoney(discounted.totalCents, currency),
                })}
              </p>
            )}
          </>
        )}
      </div>

      <ul className="flex flex-col gap-2 text-sm" aria-label={t('plans.featuresLabel', { plan: plan.name })}>
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <div className="flex flex-col justify-end gap-3">
        {notice && canBuy && (
          <p id={noticeId} className="flex gap-2 text-xs text-muted-foreground">
            <InfoIcon aria-hidden="true" className="mt-px size-3.5 shrink-0 text-primary" />
            <span>{notice}</span>
          </p>
        )}
        {action}
      </div>
    </article>
  );
}
