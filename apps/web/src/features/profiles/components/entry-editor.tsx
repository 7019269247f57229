import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage } from '@/lib/notify';
import { InlineForm } from './inline-form';

/** What the editor needs of a save mutation (a TanStack Query mutation fits). */
interface SaveMutation<TVariables> {
  mutate: (variables: TVariables, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/** The add and update mutations of an entry list. */
export interface EntrySave<B> {
  add: SaveMutation<B>;
  update: SaveMutation<B & { id: string }>;
}

type FormValues<S extends z.ZodType<FieldValues>> = z.input<S> & FieldValues;
type Body<S extends z.ZodType<FieldValues>> = z.output<S> & FieldValues;

interface EntryEditorProps<S extends z.ZodType<FieldValues>> {
  /** The list's contract schema (the body of an add or a change). */
  schema: S;
  /** What the fields start with; its keys are the form's fields. */
  defaultValues: DefaultValues<FormValues<S>>;
  /** The entry being changed; without it the form adds a new one. */
  entryId?: string | undefined;
  /** The form's accessible name. */
  label: string;
  save: EntrySave<Body<S>>;
  onDone: () => void;
  /** The fields, given the form. */
  children: (form: UseFormReturn<FormValues<S>, unknown, Body<S>>) => ReactNode;
}

/**
 * The inline form of an experience or education entry: adds or changes it, closes when saved, and
 * on failure keeps what was typed, with the problem beside its field or under the form.
 */
export function EntryEditor<S extends z.ZodType<FieldValues>>({
  schema,
  defaultValues,
  entryId,
  label,
  save,
  onDone,
  children,
}: EntryEditorProps<S>) {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(schema, { defaultValues });
  const fields = Object.keys(defaultValues);

  const onError = (error: Error) => {
    if (!applyServerErrors(error, form.setError, tc, { fields }))
      setFailure(failureMessage(t('entries.saveFailed'), error));
  };
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    if (entryId) save.update.mutate({ id: entryId, ...body }, { onSuccess: onDone, onError });
    else save.add.mutate(body, { onSuccess: onDone, onError });
  });

  return (
    <InlineForm
      label={label}
      className="glass rounded-lg p-4"
      pending={save.add.isPending || save.update.isPending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onDone={onDone}
    >
      {children(form)}
    </InlineForm>
  );
}
