import type { Order } from '@nuvem/contracts/billing';
import { formatMoney } from '@nuvem/contracts/pricing';
import { DownloadIcon, ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingSkeletons } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useOrders } from '../api/get-orders';
import { orderInvoicePdfUrl } from '../api/invoice-pdf';
import { vatNeedsNote, vatRate } from '../lib/charge-lines';
import { followableUrl } from '../lib/plan-purchase';
import { BillingLoadError, ColumnHeads, Panel } from './billing-panel';
import { OrderStatusBadge, useOrderReason } from './order-status-badge';
import { useItemName } from './use-item-name';

/** The signed-in user's orders, newest first, with their VAT, state, invoice and receipt. */
export function OrdersSection() {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const orders = useOrders();
  return (
    <Panel title={t('orders.title')}>
      {orders.isPending ? (
        <LoadingSkeletons
          label={t('orders.loading')}
          className="gap-2"
          blocks={['h-8 w-full', 'h-8 w-full', 'h-8 w-full']}
        />
      ) : orders.isError ? (
        <BillingLoadError title={t('orders.loadError')} error={orders.error} onRetry={() => void orders.refetch()} />
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
  const nameOf = useItemName();
  if (order.status !== 'paid') {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('orders.noReceipt')}</span>
      </span>
    );
  }
  const receipt = order.receipt_url ? followableUrl(order.receipt_url, window.location.origin) : null;
  const label = t('orders.receiptLabel', { item: nameOf(order) });
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

/** The VAT an order carries: its amount and rate, or why there is none (reverse charge, outside the EU). */
function OrderVat({ order }: { order: Order }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const rate = t(`vat.short.${order.tax_treatment}`, { rate: f.number(vatRate(order.tax_rate_bp), 2) });
  if (order.tax_cents === 0 && vatNeedsNote(order.tax_treatment)) return <span>{rate}</span>;
  return (
    <span className="tabular-nums">
      {t('account.orders.vatAmount', { amount: formatMoney(order.tax_cents, order.currency, f.locale), rate })}
    </span>
  );
}

/** A paid order's invoice number, as a link to its PDF. */
function InvoiceLink({ order }: { order: Order }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  if (!order.invoice_number) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('orders.noInvoice')}</span>
      </span>
    );
  }
  return (
    <a
      href={orderInvoicePdfUrl(order.id)}
      download
      aria-label={t('orders.invoiceLabel', { number: order.invoice_number })}
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      <DownloadIcon aria-hidden="true" className="size-3.5" />
      {order.invoice_number}
    </a>
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
  const nameOf = useItemName();
  return (
    <>
      <ul aria-label={t('orders.caption')} className="flex flex-col sm:hidden">
        {orders.map((order) => (
          <li
            key={order.id}
            className="flex flex-col gap-1.5 border-t border-glass-border py-3 text-sm first:border-t-0"
          >
            <p className="font-medium">{nameOf(order)}</p>
            <p className="flex justify-between gap-2">
              <span className="text-muted-foreground">{date(order)}</span>
              <span className="tabular-nums">{amount(order)}</span>
            </p>
            <p className="flex justify-between gap-2 text-xs">
              <span className="text-muted-foreground">{t('orders.vat')}</span>
              <OrderVat order={order} />
            </p>
            <div className="flex items-center justify-between gap-2">
              <OrderStatusCell order={order} />
              <span className="flex flex-wrap items-center justify-end gap-3">
                <InvoiceLink order={order} />
                <ReceiptLink order={order} />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm sm:table">
        <caption className="sr-only">{t('orders.caption')}</caption>
        <ColumnHeads
          className="text-left text-xs text-muted-foreground"
          columns={[
            { label: t('orders.date'), className: 'py-2 pr-3 font-medium' },
            { label: t('orders.item'), className: 'py-2 pr-3 font-medium' },
            { label: t('orders.amount'), className: 'py-2 pr-3 text-right font-medium' },
            { label: t('orders.vat'), className: 'py-2 pr-3 text-right font-medium' },
            { label: t('orders.status'), className: 'py-2 pr-3 font-medium' },
            { label: t('orders.invoice'), className: 'py-2 pr-3 font-medium' },
            { label: t('orders.receipt'), className: 'py-2 font-medium' },
          ]}
        />
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-t border-glass-border align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{date(order)}</td>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {nameOf(order)}
              </th>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{amount(order)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">
                <OrderVat order={order} />
              </td>
              <td className="py-2 pr-3">
                <OrderStatusCell order={order} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <InvoiceLink order={order} />
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
