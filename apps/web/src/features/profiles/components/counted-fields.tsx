import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CharacterCount } from './text-field';

/** One text field of a profile form, with the contract's length limit counted beside it. */
export interface CountedFieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** The contract's limit for the field. */
  max: number;
  required?: boolean;
  /** A four-row text area instead of a one-line input. */
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
}

/** The text fields of a profile form, each with its label, character count and error. */
export function CountedFields<T extends FieldValues, R>({
  form,
  fields,
}: {
  form: UseFormReturn<T, unknown, R>;
  fields: readonly CountedFieldSpec<T>[];
}) {
  return fields.map(({ name, label, max, required, multiline, placeholder, autoComplete }) => {
    const value: unknown = form.watch(name);
    const used = typeof value === 'string' ? value.length : 0;
    const error = form.getFieldState(name, form.formState).error?.message;
    return (
      <FormField
        key={name}
        label={label}
        required={required}
        hint={<CharacterCount used={used} max={max} />}
        error={error}
      >
        {(control) =>
          multiline ? (
            <Textarea {...control} rows={4} {...form.register(name)} />
          ) : (
            <Input {...control} autoComplete={autoComplete} placeholder={placeholder} {...form.register(name)} />
          )
        }
      </FormField>
    );
  });
}
