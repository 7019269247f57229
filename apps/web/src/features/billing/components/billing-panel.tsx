import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-state';
import { errorMessage } from '@/lib/notify';

/** The page's own words for what failed, with the server's reason beneath them when it gives one. */
export function BillingLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('billing', { keyPrefix: 'account' });
  const reason = errorMessage(error, '');
  return (
    <LoadError
      className="glass rounded-xl"
      retryLabel={t('retry')}
      onRetry={onRetry}
      message={
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <strong className="font-semibold">{title}</strong>
          {reason && reason !== title && <span className="text-muted-foreground">{reason}</span>}
        </span>
      }
    />
  );
}

/** A titled glass section of the billing page. */
export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
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

/** One term and its value in a panel's list. */
export function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** A table's column headings, each with its own classes (alignment, padding). */
export function ColumnHeads({
  columns,
  className,
}: {
  columns: { label: string; className: string }[];
  className: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
