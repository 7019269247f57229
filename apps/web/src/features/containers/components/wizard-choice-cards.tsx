import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface ChoiceCardOption<T extends string> {
  value: T;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
}

/**
 * A radio group drawn as cards: native radios, so arrow keys move the choice and the group is
 * one tab stop. The checked radio carries `data-autofocus` for the wizard's step focus.
 */
export function WizardChoiceCards<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = 2,
  error,
}: {
  legend: string;
  /** Why the choice was refused (by the server), shown under the cards. */
  error?: string | undefined;
  name: string;
  options: ChoiceCardOption<T>[];
  value: T;
  onChange: (value: T) => void;
  columns?: 2 | 3;
}) {
  const id = useId();
  // With no checked radio (a value not offered), the first one takes the step's focus.
  const focusValue = options.some((o) => o.value === value) ? value : options[0]?.value;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn('grid grid-cols-1 gap-2', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {options.map((option, index) => {
          const titleId = `${id}-${index}-title`;
          const descriptionId = `${id}-${index}-description`;
          const hasDescription = option.description !== undefined || option.aside !== undefined;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-lg border border-glass-border bg-glass p-3 text-sm transition-colors hover:bg-glass-strong',
                'has-[:checked]:border-primary has-[:checked]:bg-primary/10',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                aria-labelledby={titleId}
                aria-describedby={hasDescription ? descriptionId : undefined}
                data-autofocus={option.value === focusValue ? '' : undefined}
                className="sr-only"
              />
              <span id={titleId} className="font-medium">
                {option.title}
              </span>
              {hasDescription && (
                <span id={descriptionId} className="flex flex-col gap-0.5 text-xs text-muted-foreground">
                  {option.description !== undefined && <span>{option.description}</span>}
                  {option.aside !== undefined && <span className="font-medium text-foreground">{option.aside}</span>}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
