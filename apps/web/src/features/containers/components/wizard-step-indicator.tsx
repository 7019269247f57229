import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The steps, by their message key (wizard.steps.*). */
export const wizardSteps = ['name', 'resources', 'access'] as const;
export type WizardStep = 1 | 2 | 3;

/** The wizard's progress: done steps ticked, the current one marked with aria-current="step". */
export function WizardStepIndicator({ step }: { step: WizardStep }) {
  const { t } = useTranslation('containers');
  return (
    <ol aria-label={t('wizard.progress')} className="grid grid-cols-3 gap-2">
      {wizardSteps.map((key, index) => {
        const number = index + 1;
        const current = number === step;
        const done = number < step;
        return (
          <li
            key={key}
            aria-current={current ? 'step' : undefined}
            className="flex min-w-0 flex-col items-center gap-1.5 text-center sm:flex-row sm:text-left"
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                current && 'border-primary bg-primary text-primary-foreground',
                done && 'border-primary text-primary',
                !current && !done && 'border-glass-border text-muted-foreground',
              )}
            >
              {done ? <CheckIcon className="size-3.5" /> : number}
            </span>
            <span className={cn('text-xs leading-tight', current ? 'font-medium' : 'text-muted-foreground')}>
              {t(`wizard.steps.${key}`)}
              {done && <span className="sr-only"> {t('wizard.done')}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
