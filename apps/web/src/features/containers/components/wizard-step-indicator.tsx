import { CheckIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export const wizardSteps = ['Name & template', 'Resources', 'Access & setup'] as const;
export type WizardStep = 1 | 2 | 3;

/** The wizard's progress: done steps ticked, the current one marked with aria-current="step". */
export function WizardStepIndicator({ step }: { step: WizardStep }) {
  return (
    <ol aria-label="Progress" className="grid grid-cols-3 gap-2">
      {wizardSteps.map((label, index) => {
        const number = index + 1;
        const current = number === step;
        const done = number < step;
        return (
          <li
            key={label}
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
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
