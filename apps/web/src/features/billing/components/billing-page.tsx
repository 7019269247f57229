import type { Allowance, BillingAccount } from '@nuvem/contracts/billing';
import { formatMoney, plans } from '@nuvem/contracts/pricing';
import { Loader2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/sonner';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCreateCustomerPortal } from '../api/create-customer-portal';
import { useBillingAccount } from '../api/get-billing-account';
import { usePaymentsConfig } from '../api/get-payments-config';
import { followableUrl } from '../lib/plan-purchase';
import { BillingDetailsSection } from './billing-details';
import { InvoicesSection } from './billing-invoices';
import { OrdersSection } from './billing-orders';
import { BillingLoadError, Panel, Row } from './billing-panel';
import { RoleRefusalNote } from './role-refusal-note';
import { SandboxNotice } from './sandbox-notice';
import { useBillingAccess } from './use-billing-access';
import { PageTitle } from '@/components/layouts/page-title';

/**
 * '/account/billing': the signed-in user's plan and its current period, balances (with the plan's
 * allowances and when they lapse, and account credit), what the plan unlocks, the billing details
 * that decide the VAT, the invoices and credit notes (PDF), and the orders. In an organisation, a
 * role without billing:manage reads all of it and is told why it is offered no button to change it.
 */
export function BillingPage() {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const account = useBillingAccount();
  const access = useBillingAccess('manage');
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle>{t('title')}</PageTitle>
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </header>
      {account.data?.provider === 'sandbox' && <SandboxNotice label={t('sandboxLabel')} text={t('sandboxText')} />}
      {access.refusal && <RoleRefusalNote text={access.refusal} />}
      {account.isError ? (
        <BillingLoadError title={t('loadError')} error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <PlanSection account={account.data} manage={access.manage} />
          <BalancesSection account={account.data} manage={access.manage} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <BillingDetailsSection manage={access.manage} />
        <InvoicesSection />
      </div>
      <OrdersSection />
    </main>
  );
}

/** `manage`: the role may change or cancel the plan (billing:manage); without it, the plan is only shown. */
function PlanSection({ account, manage }: { account: BillingAccount | undefined; manage: boolean }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const { t: tBilling } = useTranslation('billing');
  const f = useFormat();
  // Set when a cancellation succeeds: the notice it brings takes the focus when it appears.
  const focusNotice = useRef(false);
  // Here, not in the cancel dialog: the dialog and its button go away as soon as the account says
  // 'cancelling', and the toast and the focus must still follow.
  const cancel = useCancelSubscription({
    onSuccess: (next) => {
      const plan = plans[next.plan].name;
      toast.success(
        next.renews_at
          ? t('cancel.done', { plan, date: f.longDate(next.renews_at) })
          : t('cancel.doneNoDate', { plan }),
      );
      focusNotice.current = true;
    },
    onError: (error) => toast.error(t('cancel.failed'), { description: errorMessage(error, '') || undefined }),
  });
  // The button that had the focus is gone with the dialog: the focus goes to what happened.
  const noticeRef = (node: HTMLParagraphElement | null) => {
    if (node && focusNotice.current) {
      focusNotice.current = false;
      node.focus();
    }
  };
  if (!account) {
    return (
      <Panel title={t('plan.title')} className="lg:col-span-2">
        <Skeleton className="h-32 w-full" />
        <span role="status" className="sr-only">
          {t('loading')}
        </span>
      </Panel>
    );
  }
  const paid = account.plan !== 'free';
  const cancellable = paid && account.status === 'active' && !account.cancel_at_period_end;
  return (
    <Panel title={t('plan.title')} className="lg:col-span-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-2xl font-bold">{plans[account.plan].name}</p>
        {account.status && (
          <Badge variant={account.status === 'active' ? 'success' : 'warning'}>
            {tBilling(`subscriptionStatus.${account.status}`)}
          </Badge>
        )}
        {account.cancel_at_period_end && <Badge variant="warning">{t('plan.cancelling')}</Badge>}
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        <Row term={t('plan.period')}>{account.period ? tBilling(`period.${account.period}`) : t('plan.noPeriod')}</Row>
        {account.period_start && account.renews_at && (
          <Row term={t('plan.currentPeriod')}>
            <span data-testid="billing-current-period">
              {t('plan.periodRange', { start: f.longDate(account.period_start), end: f.longDate(account.renews_at) })}
            </span>
          </Row>
        )}
        {account.renews_at && (
          <Row term={account.cancel_at_period_end ? t('plan.endsOn') : t('plan.renewsOn')}>
            {f.longDate(account.renews_at)}
          </Row>
        )}
        <Row term={t('plan.keyTier')}>{tBilling(`keyTier.${account.key_tier}`)}</Row>
        <Row term={t('plan.containers')}>
          {t('plan.containerLimit', { count: account.containers.limit, n: f.count(account.containers.limit) })}
        </Row>
        <Row term={t('plan.containerTiers')}>
          {account.containers.tiers
            .map((tier) =>
              tier === 'small' || tier === 'medium' || tier === 'large' ? tBilling(`containerTier.${tier}`) : tier,
            )
            .join(', ')}
        </Row>
      </dl>
      {account.cancel_at_period_end && account.renews_at && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {t('plan.cancelledNotice', { plan: plans[account.plan].name, date: f.longDate(account.renews_at) })}
        </p>
      )}
      {manage && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant={paid ? 'outline' : 'default'}>
            <Link to={paths.pricing.getHref()}>{paid ? t('plan.change') : t('plan.upgrade')}</Link>
          </Button>
          {cancellable && <CancelSubscription account={account} cancel={cancel} />}
          {account.customer_portal && <CustomerPortalButton />}
        </div>
      )}
    </Panel>
  );
}

/** Stripe's customer portal (cards, Stripe's own invoices), which comes back to this page. */
function CustomerPortalButton() {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const portal = useCreateCustomerPortal({
    onSuccess: (reply) => {
      const destination = followableUrl(reply.url, window.location.origin);
      if (destination) window.location.assign(destination);
      else toast.error(t('plan.portalFailed'));
    },
    onError: (error) => toast.error(t('plan.portalFailed'), { description: errorMessage(error, '') || undefined }),
  });
  // Busy until the browser has left (a successful reply sends it away).
  const busy = portal.isPending || portal.isSuccess;
  return (
    <Button
      variant="outline"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => portal.mutate(`${window.location.origin}${paths.billing.getHref()}`)}
    >
      {busy && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
      {busy ? t('plan.portalOpening') : t('plan.portal')}
    </Button>
  );
}

function CancelSubscription({
  account,
  cancel,
}: {
  account: BillingAccount;
  cancel: ReturnType<typeof useCancelSubscription>;
}) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const plan = plans[account.plan].name;
  const until = account.renews_at ? f.longDate(account.renews_at) : null;

  const confirm = () => cancel.mutate(undefined, { onSuccess: () => setOpen(false) });

  return (
    // The trigger is the button: closing the dialog (Escape, 'Keep subscription') gives it back the focus.
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">{t('cancel.button')}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('cancel.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {until ? t('cancel.text', { plan, date: until }) : t('cancel.textNoDate', { plan })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>{t('cancel.keep')}</AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open (busy) until the server has answered. */}
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending || undefined}
            onClick={confirm}
          >
            {cancel.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function BalancesSection({ account, manage }: { account: BillingAccount | undefined; manage: boolean }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const f = useFormat();
  // The account says no currency: credit is kept in the portal's one.
  const currency = usePaymentsConfig().data?.currency ?? 'eur';
  return (
    <Panel title={t('balances.title')}>
      {account ? (
        <dl className="flex flex-col gap-2 text-sm">
          <Row term={t('balances.tokens')}>
            {t('balances.tokensValue', { n: f.number(account.balances.tokens, 2) })}
          </Row>
          <Row term={t('balances.consultation')}>
            {t('balances.hours', {
              count: account.balances.consultation,
              n: f.number(account.balances.consultation, 2),
            })}
          </Row>
          <Row term={t('balances.development')}>
            {t('balances.hours', { count: account.balances.development, n: f.number(account.balances.development, 2) })}
          </Row>
          {account.credit_cents > 0 && (
            <Row term={t('balances.credit')}>
              <span data-testid="billing-credit" className="tabular-nums">
                {formatMoney(account.credit_cents, currency, f.locale)}
              </span>
            </Row>
          )}
        </dl>
      ) : (
        <Skeleton className="h-20 w-full" />
      )}
      {account && account.credit_cents > 0 && (
        <p className="text-xs text-muted-foreground">{t('balances.creditHint')}</p>
      )}
      {account && account.allowances.length > 0 && <Allowances allowances={account.allowances} />}
      {manage && (
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to={paths.pricing.getHref()}>{t('balances.buyMore')}</Link>
        </Button>
      )}
    </Panel>
  );
}

/** The plan's allowances inside the balances, each with when it lapses. */
function Allowances({ allowances }: { allowances: Allowance[] }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const f = useFormat();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-1.5 border-t border-glass-border pt-3 text-sm">
      <h3 id={headingId} className="text-xs font-medium text-muted-foreground">
        {t('balances.allowancesLabel')}
      </h3>
      <ul aria-labelledby={headingId} data-testid="billing-allowances" className="flex flex-col gap-1">
        {allowances.map((allowance) => {
          const values = {
            n: f.number(allowance.amount, 2),
            plan: plans[allowance.plan].name,
            date: f.longDate(allowance.expires_at),
          };
          return (
            <li key={`${allowance.kind}:${allowance.period_start}`}>
              {allowance.kind === 'tokens'
                ? t('balances.allowanceTokens', values)
                : t('balances.allowanceConsultation', { ...values, count: allowance.amount })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
