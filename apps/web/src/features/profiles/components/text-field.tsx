import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  multiline?: boolean;
  required?: boolean;
  error?: string | undefined;
  placeholder?: string;
}

/** A labelled input with a 'used/max' counter and its own error, for the inline forms. */
export function TextField({ label, value, onChange, max, multiline, required, error, placeholder }: TextFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    maxLength: max,
    required,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${counterId} ${errorId}` : counterId,
  };
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span id={counterId} className="text-xs text-muted-foreground tabular-nums">
          {value.length}/{max}
        </span>
      </div>
      {multiline ? (
        <Textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A failed save's message, announced; the form keeps what was typed. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      {message}
    </p>
  );
}
