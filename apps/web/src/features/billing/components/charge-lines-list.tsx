import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { chargeLines, vatNeedsNote, vatRate, type ChargeAmounts, type ChargeLine } from '../lib/charge-lines';

export interface ChargeLinesListProps {
  amounts: ChargeAmounts;
  /** Cents as money in the page's language and the charge's currency. */
  money: (cents: number) => string;
  /** The language to write in, when the page has its own (the pricing page is always in Portuguese). */
  lng?: string;
  /** The total's words ('Total due', 'Due today'). */
  totalLabel?: string;
  /** The plan whose unused time is credited, named on that line. */
  prorationOf?: string | null;
  className?: string;
}

/**
 * What is charged, line by line: subtotal, coupon, credit for the unused time of a replaced plan,
 * account credit, the amount VAT is charged on, the VAT (rate and treatment, with the reverse
 * charge's own words), and the total. Each line has a `data-testid` of `charge-<kind>`.
 */
export function ChargeLinesList({ amounts, money, lng, totalLabel, prorationOf, className }: ChargeLinesListProps) {
  const { t, i18n } = useTranslation('billing', lng ? { lng } : undefined);
  const locale = lng ?? i18n.resolvedLanguage ?? i18n.language;
  const label = (line: ChargeLine): string => {
    switch (line.kind) {
      case 'subtotal':
        return t('charges.subtotal');
      case 'discount':
        return t('charges.discount');
      case 'proration':
        return prorationOf ? t('charges.prorationOf', { plan: prorationOf }) : t('charges.proration');
      case 'credit':
        return t('charges.credit');
      case 'net':
        return t('charges.net');
      case 'vat':
        return t(`vat.line.${line.treatment}`, { rate: formatNumber(vatRate(line.rateBp), 2, locale) });
      case 'total':
        return totalLabel ?? t('charges.total');
    }
  };
  const reduction = (line: ChargeLine) =>
    line.kind === 'discount' || line.kind === 'proration' || line.kind === 'credit';
  return (
    <dl className={cn('flex flex-col gap-2 text-sm', className)}>
      {chargeLines(amounts).map((line) => (
        <div
          key={line.kind}
          data-testid={`charge-${line.kind}`}
          className={cn(
            'flex flex-wrap justify-between gap-x-4 gap-y-1',
            reduction(line) && 'text-success',
            line.kind === 'total' && 'border-t border-glass-border pt-2 text-base font-semibold',
          )}
        >
          <dt className={cn(!reduction(line) && line.kind !== 'total' && 'text-muted-foreground')}>{label(line)}</dt>
          <dd className="text-right tabular-nums">{reduction(line) ? `−${money(line.cents)}` : money(line.cents)}</dd>
          {line.kind === 'vat' && vatNeedsNote(line.treatment) && (
            <dd className="w-full text-xs font-normal text-muted-foreground">{t(`vat.note.${line.treatment}`)}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
