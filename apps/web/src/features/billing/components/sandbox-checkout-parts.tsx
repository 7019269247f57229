import type { SandboxSession } from '@nuvem/contracts/billing';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChargeLinesList } from './charge-lines-list';
import { sandboxDeclinedCard, sandboxSuccessCard } from './sandbox-notice';

interface OrderSummaryProps {
  session: SandboxSession;
  /** What it sells, in the page's language. */
  name: string;
  /** 'Renews every month until you cancel it', for a subscription. */
  renewal: string | null;
  money: (cents: number) => string;
}

/** What the buyer pays for: the description, every line of the charge (reductions, VAT), the total and e-mail. */
export function OrderSummary({ session, name, renewal, money }: OrderSummaryProps) {
  const { t } = useTranslation('billing', { keyPrefix: 'checkout' });
  const summaryId = useId();
  return (
    <section aria-labelledby={summaryId} className="glass flex flex-col gap-4 rounded-xl p-6">
      <h2 id={summaryId} className="text-lg font-semibold">
        {t('summary.title')}
      </h2>
      <p className="text-base font-medium">{name}</p>
      {renewal && <p className="text-sm text-muted-foreground">{renewal}</p>}
      <ChargeLinesList amounts={session} money={money} />
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{t('summary.email')}</dt>
          <dd className="min-w-0 truncate">{session.email}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The two test cards, each with a button that fills the form with it. */
export function TestCards({ onUse }: { onUse: (number: string) => void }) {
  const { t } = useTranslation('billing', { keyPrefix: 'checkout' });
  return (
    <aside aria-label={t('testCards.title')} className="rounded-lg border border-glass-border p-3 text-sm">
      <p className="font-medium">{t('testCards.title')}</p>
      <ul className="mt-2 flex flex-col gap-2">
        {[
          { number: sandboxSuccessCard, outcome: t('testCards.succeeds') },
          { number: sandboxDeclinedCard, outcome: t('testCards.declined') },
        ].map((card) => (
          <li key={card.number} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-mono">{card.number}</span>{' '}
              <span className="text-muted-foreground">— {card.outcome}</span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={t('testCards.useLabel', { number: card.number })}
              onClick={() => onUse(card.number)}
            >
              {t('testCards.use')}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">{t('testCards.anyDetails')}</p>
    </aside>
  );
}
