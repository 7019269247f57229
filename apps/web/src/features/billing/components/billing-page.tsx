import type { BillingAccount, Order } from '@nuvem/contracts/billing';
import { formatMoney, plans } from '@nuvem/contracts/pricing';
import { ExternalLinkIcon, Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
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
import { useBillingAccount } from '../api/get-billing-account';
import { useOrders } from '../api/get-orders';
import { followableUrl } from '../lib/plan-purchase';
import { OrderStatusBadge, useOrderReason } from './order-status-badge';
import { SandboxNotice } from './sandbox-notice';

/** '/account/billing': the signed-in user's plan, balances, what the plan unlocks, and orders. */
export function BillingPage() {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const account = useBillingAccount();
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <title>{t('title')}</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </header>
      {account.data?.provider === 'sandbox' && <SandboxNotice label={t('sandboxLabel')} text={t('sandboxText')} />}
      {account.isError ? (
        <LoadError title={t('loadError')} error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <PlanSection account={account.data} />
          <BalancesSection account={account.data} />
        </div>
      )}
      <OrdersSection />
    </main>
  );
}

/** The page's own words for what failed, with the server's reason beneath them when it gives one. */
function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const reason = errorMessage(error, '');
  return (
    <div role="alert" className="glass flex flex-wrap items-center gap-3 rounded-xl p-4 text-sm">
      <p className="flex min-w-0 flex-1 flex-col gap-0.5">
        <strong className="font-semibold">{title}</strong>
        {reason && reason !== title && <span className="text-muted-foreground">{reason}</span>}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        {t('retry')}
      </Button>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`glass flex flex-col gap-4 rounded-xl p-6 ${className ?? ''}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function PlanSection({ account }: { account: BillingAccount | undefined }) {
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
      <div className="flex flex-wrap gap-2">
        <Button asChild variant={paid ? 'outline' : 'default'}>
          <Link to={paths.pricing.getHref()}>{paid ? t('plan.change') : t('plan.upgrade')}</Link>
        </Button>
        {cancellable && <CancelSubscription account={account} cancel={cancel} />}
      </div>
    </Panel>
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

function BalancesSection({ account }: { account: BillingAccount | undefined }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const f = useFormat();
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
        </dl>
      ) : (
        <Skeleton className="h-20 w-full" />
      )}
      <Button asChild variant="outline" size="sm" className="self-start">
        <Link to={paths.pricing.getHref()}>{t('balances.buyMore')}</Link>
      </Button>
    </Panel>
  );
}

function OrdersSection() {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const orders = useOrders();
  return (
    <Panel title={t('orders.title')}>
      {orders.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : orders.isError ? (
        <LoadError title={t('orders.loadError')} error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3 text-sm">
          <p className="text-muted-foreground">{t('orders.empty')}</p>
          <Button asChild size="sm">
            <Link to={paths.pricing.getHref()}>{t('orders.seePlans')}</Link>
          </Button>
        </div>
      ) : (
        <OrdersTable orders={orders.data} />
      )}
    </Panel>
  );
}

/**
 * A paid order's receipt: the provider's (in a new tab) or, without one, the order's own page. An
 * order that was not paid has none: it was not charged.
 */
function ReceiptLink({ order }: { order: Order }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  if (order.status !== 'paid') {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('orders.noReceipt')}</span>
      </span>
    );
  }
  const receipt = order.receipt_url ? followableUrl(order.receipt_url, window.location.origin) : null;
  const label = t('orders.receiptLabel', { item: order.description });
  return receipt ? (
    <a
      href={receipt}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
      aria-label={label}
    >
      {t('orders.viewReceipt')}
      <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
    </a>
  ) : (
    <Link
      to={paths.success.getHref(order.id)}
      className="text-primary underline-offset-4 hover:underline"
      aria-label={label}
    >
      {t('orders.viewReceipt')}
    </Link>
  );
}

/** The order's state and, when it was not paid for a reason the buyer should know, the reason. */
function OrderStatusCell({ order }: { order: Order }) {
  const reasonOf = useOrderReason();
  const reason = reasonOf(order);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <OrderStatusBadge order={order} />
      {reason && <span className="text-xs text-muted-foreground">{reason}</span>}
    </span>
  );
}

/** The orders: a table from small screens up, a list of cards on a phone (one is hidden, for everyone). */
function OrdersTable({ orders }: { orders: Order[] }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const f = useFormat();
  const date = (order: Order) => f.date(order.paid_at ?? order.created_at);
  const amount = (order: Order) => formatMoney(order.total_cents, order.currency, f.locale);
  return (
    <>
      <ul aria-label={t('orders.caption')} className="flex flex-col sm:hidden">
        {orders.map((order) => (
          <li
            key={order.id}
            className="flex flex-col gap-1.5 border-t border-glass-border py-3 text-sm first:border-t-0"
          >
            <p className="font-medium">{order.description}</p>
            <p className="flex justify-between gap-2">
              <span className="text-muted-foreground">{date(order)}</span>
              <span className="tabular-nums">{amount(order)}</span>
            </p>
            <div className="flex items-center justify-between gap-2">
              <OrderStatusCell order={order} />
              <ReceiptLink order={order} />
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm sm:table">
        <caption className="sr-only">{t('orders.caption')}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('orders.date')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('orders.item')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('orders.amount')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('orders.status')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('orders.receipt')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-t border-glass-border align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{date(order)}</td>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {order.description}
              </th>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{amount(order)}</td>
              <td className="py-2 pr-3">
                <OrderStatusCell order={order} />
              </td>
              <td className="py-2 whitespace-nowrap">
                <ReceiptLink order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
