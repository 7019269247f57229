import type { InvoiceSummary } from '@nuvem/contracts/billing';
import { formatMoney } from '@nuvem/contracts/pricing';
import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeletons } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { useFormat } from '@/lib/format';
import { useInvoices } from '../api/get-invoices';
import { invoicePdfUrl } from '../api/invoice-pdf';
import { BillingLoadError, Panel } from './billing-panel';

/** The account's invoices and credit notes, newest first, each with its PDF. */
export function InvoicesSection() {
  const { t } = useTranslation('billing', { keyPrefix: 'account.invoices' });
  const invoices = useInvoices();
  return (
    <Panel title={t('title')}>
      {invoices.isPending ? (
        <LoadingSkeletons label={t('loading')} className="gap-2" blocks={['h-10 w-full', 'h-10 w-full']} />
      ) : invoices.isError ? (
        <BillingLoadError title={t('loadError')} error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ul aria-label={t('caption')} data-testid="invoices-list" className="flex flex-col">
          {invoices.data.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function InvoiceItem({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account.invoices' });
  const f = useFormat();
  const credit = invoice.kind === 'credit_note';
  // A credit note takes money back: written with a minus whichever sign the server keeps it with.
  const money = (cents: number) => `${credit ? '−' : ''}${formatMoney(Math.abs(cents), invoice.currency, f.locale)}`;
  return (
    <li
      data-testid="invoice-row"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 border-t border-glass-border py-3 text-sm first:border-t-0"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{invoice.number}</span>
          <Badge variant={credit ? 'warning' : 'secondary'}>{t(`kind.${invoice.kind}`)}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          {f.date(invoice.issued_at)}
          {invoice.corrects_number && <> · {t('corrects', { number: invoice.corrects_number })}</>}
          {invoice.reason && <> · {invoice.reason}</>}
        </p>
      </div>
      <div className="flex items-center gap-4">
        <p className="flex flex-col items-end">
          <span className="font-medium tabular-nums">{money(invoice.total_cents)}</span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {t('vat', { amount: money(invoice.tax_cents) })}
          </span>
        </p>
        <a
          href={invoicePdfUrl(invoice.id)}
          download
          aria-label={t('downloadLabel', { number: invoice.number })}
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          <DownloadIcon aria-hidden="true" className="size-3.5" />
          {t('download')}
        </a>
      </div>
    </li>
  );
}
