import type { Order } from '@nuvem/contracts/billing';
import { formatMoney } from '@nuvem/contracts/pricing';
import {
  DownloadIcon,
  CircleCheckIcon,
  CircleDashedIcon,
  CircleXIcon,
  ClockIcon,
  ExternalLinkIcon,
  ReceiptIcon,
  RefreshCwIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { useOrder } from '../api/get-order';
import { orderInvoicePdfUrl } from '../api/invoice-pdf';
import { vatRate } from '../lib/charge-lines';
import { orderState, type OrderState } from '../lib/order-state';
import { followableUrl } from '../lib/plan-purchase';
import { BackToPricing } from './back-to-pricing';
import { OrderStatusBadge, useOrderReason } from './order-status-badge';
import { useItemName } from './use-item-name';
import { PageTitle } from '@/components/layouts/page-title';

/**
 * '/success?order=…': where checkout returns. What was bought is read from the server (never from
 * the address); a pending order (its webhook still on the way) is asked for again a few times.
 */
export function CheckoutResultPage({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation('billing', { keyPrefix: 'result' });
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-10 sm:px-6 lg:py-16">
      {orderId ? (
        <OrderResult orderId={orderId} />
      ) : (
        <ResultCard
          icon={<ReceiptIcon aria-hidden="true" className="size-8 text-muted-foreground" />}
          title={t('noOrder.title')}
        >
          <p className="text-muted-foreground">{t('noOrder.text')}</p>
        </ResultCard>
      )}
    </main>
  );
}

function ResultCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const { t } = useTranslation('billing', { keyPrefix: 'result' });
  return (
    <section className="glass flex flex-col gap-5 rounded-2xl p-6 sm:p-8">
      <PageTitle>{title}</PageTitle>
      <div className="flex items-center gap-3">
        {icon}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      </div>
      {children}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to={paths.billing.getHref()}>
            <ReceiptIcon aria-hidden="true" />
            {t('toBilling')}
          </Link>
        </Button>
        <BackToPricing label={t('toPricing')} />
      </div>
    </section>
  );
}

function OrderResult({ orderId }: { orderId: string }) {
  const { t } = useTranslation('billing', { keyPrefix: 'result' });
  const { query: order, polling } = useOrder(orderId);

  if (order.isPending) {
    return (
      <section className="glass flex flex-col gap-4 rounded-2xl p-6 sm:p-8" aria-busy="true">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-24 w-full" />
        <span role="status" className="sr-only">
          {t('loading')}
        </span>
      </section>
    );
  }
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <ResultCard
        icon={<CircleXIcon aria-hidden="true" className="size-8 text-destructive" />}
        title={t(notFound ? 'notFound.title' : 'loadError')}
      >
        <p className="text-muted-foreground">
          {notFound ? t('notFound.text') : errorMessage(order.error, t('loadError'))}
        </p>
        {!notFound && (
          <Button variant="outline" className="self-start" onClick={() => void order.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            {t('checkAgain')}
          </Button>
        )}
      </ResultCard>
    );
  }

  const data = order.data;
  // Only an order the provider is still confirming is called so (and asked for again); an unpaid
  // sandbox order, a cancelled or an expired one says plainly that nothing was charged.
  const state = orderState(data);

  return (
    <ResultCard icon={stateIcons[state]} title={t(`title.${state}`)}>
      <p role="status" className="text-muted-foreground">
        {state === 'pending' ? (polling ? t('text.pending') : t('text.stillPending')) : t(`text.${state}`)}
      </p>
      {state === 'pending' && !polling && (
        <Button
          variant="outline"
          className="self-start"
          disabled={order.isFetching}
          onClick={() => void order.refetch()}
        >
          <RefreshCwIcon
            aria-hidden="true"
            className={order.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined}
          />
          {t('checkAgain')}
        </Button>
      )}
      <OrderDetails order={data} />
    </ResultCard>
  );
}

const stateIcons: Record<OrderState, ReactNode> = {
  paid: <CircleCheckIcon aria-hidden="true" className="size-8 text-success" />,
  pending: <ClockIcon aria-hidden="true" className="size-8 text-warning" />,
  unpaid: <CircleDashedIcon aria-hidden="true" className="size-8 text-muted-foreground" />,
  cancelled: <CircleXIcon aria-hidden="true" className="size-8 text-muted-foreground" />,
  expired: <CircleXIcon aria-hidden="true" className="size-8 text-muted-foreground" />,
  failed: <CircleXIcon aria-hidden="true" className="size-8 text-destructive" />,
};

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('billing', { keyPrefix: 'result' });
  const { t: tBilling } = useTranslation('billing');
  const f = useFormat();
  const reason = useOrderReason()(order);
  const nameOf = useItemName();
  const money = (cents: number) => formatMoney(cents, order.currency, f.locale);
  const receipt = order.receipt_url ? followableUrl(order.receipt_url, window.location.origin) : null;
  // Anything taken off the price: the list price and the amount VAT is charged on are shown too.
  const reduced = order.discount_cents > 0 || order.proration_cents > 0 || order.credit_applied_cents > 0;
  // A replaced plan's credit beyond the new price is kept, not lost: say where it went.
  const creditLeft = Math.max(0, order.proration_cents - Math.max(0, order.subtotal_cents - order.discount_cents));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-glass-border p-4 text-sm">
      <dt className="text-muted-foreground">{t('details.item')}</dt>
      <dd className="font-medium">{nameOf(order)}</dd>
      {reduced && (
        <>
          <dt className="text-muted-foreground">{t('details.subtotal')}</dt>
          <dd className="tabular-nums">{money(order.subtotal_cents)}</dd>
        </>
      )}
      {order.discount_cents > 0 && (
        <>
          <dt className="text-muted-foreground">
            {order.coupon_code ? t('details.discountCode', { code: order.coupon_code }) : t('details.discount')}
          </dt>
          <dd className="tabular-nums">−{money(order.discount_cents)}</dd>
        </>
      )}
      {order.proration_cents > 0 && (
        <>
          <dt className="text-muted-foreground">{tBilling('charges.proration')}</dt>
          <dd className="tabular-nums">−{money(order.proration_cents)}</dd>
        </>
      )}
      {order.credit_applied_cents > 0 && (
        <>
          <dt className="text-muted-foreground">{tBilling('charges.credit')}</dt>
          <dd className="tabular-nums">−{money(order.credit_applied_cents)}</dd>
        </>
      )}
      {creditLeft > 0 && (
        <>
          <dt className="text-muted-foreground">{tBilling('charges.creditLeft')}</dt>
          <dd className="tabular-nums">{money(creditLeft)}</dd>
        </>
      )}
      {reduced && (
        <>
          <dt className="text-muted-foreground">{tBilling('charges.net')}</dt>
          <dd className="tabular-nums">{money(order.net_cents)}</dd>
        </>
      )}
      <dt className="text-muted-foreground">
        {tBilling(`vat.line.${order.tax_treatment}`, { rate: f.number(vatRate(order.tax_rate_bp), 2) })}
      </dt>
      <dd className="tabular-nums">{money(order.tax_cents)}</dd>
      <dt className="text-muted-foreground">{t('details.total')}</dt>
      <dd className="font-semibold tabular-nums">{money(order.total_cents)}</dd>
      <dt className="text-muted-foreground">{t('details.status')}</dt>
      <dd>
        <OrderStatusBadge order={order} />
      </dd>
      {order.paid_at && (
        <>
          <dt className="text-muted-foreground">{t('details.paidAt')}</dt>
          <dd>{f.dateTime(order.paid_at)}</dd>
        </>
      )}
      {reason && (
        <>
          <dt className="text-muted-foreground">{t('details.reason')}</dt>
          <dd>{reason}</dd>
        </>
      )}
      <dt className="text-muted-foreground">{t('details.reference')}</dt>
      <dd className="font-mono text-xs break-all">{order.id}</dd>
      {order.invoice_number && (
        <>
          <dt className="text-muted-foreground">{t('details.invoice')}</dt>
          <dd>
            <a
              href={orderInvoicePdfUrl(order.id)}
              download
              aria-label={tBilling('account.orders.invoiceLabel', { number: order.invoice_number })}
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            >
              <DownloadIcon aria-hidden="true" className="size-3.5" />
              {order.invoice_number}
            </a>
          </dd>
        </>
      )}
      {receipt && (
        <>
          <dt className="text-muted-foreground">{t('details.receipt')}</dt>
          <dd>
            <a
              href={receipt}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            >
              {t('details.viewReceipt')}
              <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('details.newTab')}</span>
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}
