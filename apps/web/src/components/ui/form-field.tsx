import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** What a field's control needs to be tied to its label, hint and error (for screen readers too). */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The rule shown before anyone types ('At least 8 characters…'). */
  hint?: ReactNode;
  /** The problem with the value, in plain words; shown beside the field, replacing nothing. */
  error?: string | undefined;
  required?: boolean;
  className?: string;
  /** An id for the control (one is made otherwise). */
  id?: string;
  /** A control beside the label (a 'Generate' button, a template picker); wraps under it when narrow. */
  action?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, control, the rule and the error beside it. The control gets the id,
 * `aria-invalid` and `aria-describedby` (hint and error), so a screen reader reads both.
 */
export function FormField({ label, hint, error, required, className, id: givenId, action, children }: FormFieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <Label htmlFor={id}>
      {label}
      {required && (
        <span aria-hidden="true" className="text-destructive">
          {' '}
          *
        </span>
      )}
    </Label>
  );
  return (
    <div className={cn('grid gap-1.5', className)}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
          {labelElement}
          {action}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
