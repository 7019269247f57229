import type { CouponResult } from '@nuvem/contracts/billing';
import { planPriceCents, quotePlan, yearlyDisplay, type BillingPeriod, type Plan } from '@nuvem/contracts/pricing';
import { CheckIcon, Loader2Icon, SparklesIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { pricingMoney, usePricingText } from './pricing-text';

/** What the signed-in user has now, as far as this card is concerned. */
export type PlanCardStanding =
  /** Not signed in, or not known yet. */
  | 'none'
  /** This plan and this period: nothing to buy. */
  | 'current'
  /** This plan in the other period: the button switches period. */
  | 'current-other-period'
  /** The Free card of a paying subscriber: leaving a paid plan is a cancellation. */
  | 'free-while-paying';

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
  onChoose: () => void;
}

/** One of the four plans: price for the period (yearly: per month, billed yearly, the saving), features, the button. */
export function PlanCard({ plan, period, currency, coupon, standing, processing, disabled, onChoose }: PlanCardProps) {
  const t = usePricingText();
  const titleId = useId();
  const free = plan.monthlyCents === 0 && plan.yearlyCents === 0;
  const current = standing === 'current' || standing === 'current-other-period' || standing === 'free-while-paying';
  const yearly = yearlyDisplay(plan.id);
  const perMonthCents = period === 'yearly' ? yearly.perMonthCents : plan.monthlyCents;
  const discounted = coupon && !free ? quotePlan(plan.id, period, coupon.percentOff) : null;

  let action: ReactNode;
  if (standing === 'free-while-paying') {
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
        onClick={onChoose}
      >
        {processing && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
        {processing ? t('plans.processing') : label}
      </Button>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'glass relative flex h-full flex-col gap-5 rounded-xl p-6',
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
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </header>

      <div className="flex flex-col gap-1">
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

      <ul className="flex flex-1 flex-col gap-2 text-sm" aria-label={t('plans.featuresLabel', { plan: plan.name })}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      {action}
    </article>
  );
}
