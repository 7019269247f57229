import type { ReactNode, SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { FormError } from './text-field';

interface InlineFormProps {
  /** The form's accessible name. */
  label: string;
  /** A save is under way. */
  pending: boolean;
  /** A failed save's message that belongs to no field. */
  failure: string | null;
  /** The form's submit handler (react-hook-form's, which checks the values first). */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  onDone: () => void;
  className?: string;
  /** The fields. */
  children: ReactNode;
}

/** The frame of a profile's inline form: the fields, a failed save's message, Save and Cancel. */
export function InlineForm({ label, pending, failure, onSubmit, onDone, className, children }: InlineFormProps) {
  const { t: tc } = useTranslation();
  return (
    <form aria-label={label} className={cn('grid gap-4', className)} onSubmit={onSubmit} noValidate>
      {children}
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? tc('actions.saving') : tc('actions.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {tc('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
