import { ShieldCheckIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeVariants } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The OWASP Top 10 for LLM risks the security layer covers (docs/ai-security-owasp.md, "Covered"). */
const coveredRisks = ['llm01', 'llm02', 'llm05', 'llm07'] as const;

/**
 * Spec 2's 'OWASP Compliant' badge, with what it rests on one click (or Enter) away: the risks the
 * AI security layer covers. A popover rather than a link: the repository's document is not served.
 */
export function OwaspBadge() {
  const { t } = useTranslation('workflows');
  const titleId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger
        className={cn(
          badgeVariants({ variant: 'success' }),
          'cursor-pointer hover:bg-success/30 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        )}
      >
        <ShieldCheckIcon aria-hidden="true" className="size-3.5" />
        {t('owasp.badge')}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 w-[min(24rem,calc(100vw-1.5rem))] rounded-lg border border-glass-border bg-popover p-4 text-sm text-popover-foreground shadow-lg"
        >
          <h2 id={titleId} className="font-semibold">
            {t('owasp.title')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('owasp.intro')}</p>
          <ul className="mt-3 grid gap-2">
            {coveredRisks.map((risk) => (
              <li key={risk}>
                <strong className="font-medium">{t(`owasp.risks.${risk}.name`)}</strong>
                <span className="text-muted-foreground">: {t(`owasp.risks.${risk}.how`)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-muted-foreground">{t('owasp.failClosed')}</p>
          <Popover.Arrow className="fill-popover" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
