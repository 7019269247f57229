import { plans, type BillingPeriod, type PlanId } from '@nuvem/contracts/pricing';
import { RefreshCwIcon } from 'lucide-react';
import { LoadingSkeletons } from '@/components/load-state';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { usePlanChangePreview, type PlanChangePreviewInput } from '../api/get-plan-change-preview';
import { ChargeLinesList } from './charge-lines-list';
import { usePricingLanguage, usePricingMoney, usePricingText } from './pricing-text';

export interface PlanChangeDialogProps {
  /** The plan change to show (null: the dialog is closed). */
  change: (PlanChangePreviewInput & { plan: PlanId; period: BillingPeriod }) | null;
  onContinue: () => void;
  onCancel: () => void;
  /** The element to give the focus back to on closing (the plan's button: the dialog has no trigger). */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * Before a signed-in user on a paid plan goes to another plan's checkout: what it costs today, as
 * the server works it out for the checkout (credit for the unused time of the plan it replaces,
 * account credit, VAT), and what is left as account credit. Continue goes on to the checkout;
 * Cancel (or Escape) stays on the page, the focus back on the plan's button.
 */
export function PlanChangeDialog({ change, onContinue, onCancel, returnFocusTo }: PlanChangeDialogProps) {
  const t = usePricingText();
  const pricingMoney = usePricingMoney();
  const language = usePricingLanguage();
  const preview = usePlanChangePreview(change);
  const named = (plan: PlanId, period: BillingPeriod) =>
    t('plans.planPeriod', { plan: plans[plan].name, period: t(`plans.periodName.${period}`) });
  const date = (value: string) => formatLongDate(value, {}, language);
  const data = preview.data;

  return (
    <AlertDialog open={change !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent
        lang={language}
        data-testid="plan-change-preview"
        className="max-h-[90dvh] max-w-lg overflow-y-auto"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo();
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>
            {change ? t('preview.title', { plan: named(change.plan, change.period) }) : null}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {data?.replaces
              ? t('preview.replaces', { current: named(data.replaces.plan, data.replaces.period) })
              : data
                ? t('preview.period', { start: date(data.period_start), end: date(data.period_end) })
                : t('preview.loading')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {preview.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>{t('preview.loadError')}</p>
            {errorMessage(preview.error, '') && (
              <p className="text-muted-foreground">{errorMessage(preview.error, '')}</p>
            )}
            <Button size="sm" variant="outline" onClick={() => void preview.refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              {t('preview.retry')}
            </Button>
          </div>
        ) : data ? (
          <div className="flex flex-col gap-3">
            <ChargeLinesList
              amounts={data}
              money={(cents) => pricingMoney(cents, data.currency)}
              lng={language}
              totalLabel={t('preview.dueToday')}
              prorationOf={data.replaces ? named(data.replaces.plan, data.replaces.period) : null}
            />
            {data.credit_left_cents > 0 && (
              <p data-testid="plan-change-credit-left" className="text-sm font-medium text-success">
                {t('preview.creditLeft', { amount: pricingMoney(data.credit_left_cents, data.currency) })}
              </p>
            )}
            {data.replaces && (
              <p className="text-xs text-muted-foreground">
                {t('preview.period', { start: date(data.period_start), end: date(data.period_end) })}
              </p>
            )}
          </div>
        ) : (
          <LoadingSkeletons label={t('preview.loading')} blocks={['h-5 w-full', 'h-5 w-full', 'h-7 w-full']} />
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('preview.cancel')}</AlertDialogCancel>
          {/* Enabled when the figures could not be had: the checkout shows them before anything is paid. */}
          <AlertDialogAction disabled={preview.isPending && !preview.isError} onClick={onContinue}>
            {t('preview.continue')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
