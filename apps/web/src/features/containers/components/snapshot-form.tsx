import { SNAPSHOT_NAME_MAX_LENGTH, snapshotNameSchema } from '@nuvem/contracts/containers';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors, useContractForm, type FieldMessages } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { defaultSnapshotName, underField } from '../lib/action-form';

/**
 * A snapshot's name: empty (the server's default, shown as the placeholder) or the contract's
 * snapshot name, whose length limit is said as such.
 */
const snapshotFormSchema = z.object({
  name: z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      if (name === '') return;
      if (name.length > SNAPSHOT_NAME_MAX_LENGTH) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: SNAPSHOT_NAME_MAX_LENGTH,
          inclusive: true,
          input: name,
        });
        return;
      }
      if (!snapshotNameSchema.safeParse(name).success)
        ctx.addIssue({ code: 'invalid_format', format: 'regex', input: name });
    }),
});

export interface SnapshotFormProps {
  containerName: string;
  pending: boolean;
  onCancel: () => void;
  /** Resolves to the failure, or null when the snapshot was taken. */
  onSubmit: (name: string) => Promise<unknown>;
  onFailure: (error: unknown) => void;
}

/** The Snapshot dialog's form (spec 4): a name, or the dated default shown as the placeholder. */
export function SnapshotForm({ containerName, pending, onCancel, onSubmit, onFailure }: SnapshotFormProps) {
  const { t } = useTranslation('containers');
  // The name used when the field is left empty, fixed when the dialog opens.
  const [placeholder] = useState(() => defaultSnapshotName(new Date()));
  const fieldMessages: FieldMessages = (_field, issue) =>
    issue.code === 'invalid_format' ? t('snapshot.pattern') : undefined;
  const form = useContractForm(snapshotFormSchema, { mode: 'onChange', defaultValues: { name: '' }, fieldMessages });
  const error = form.formState.errors.name?.message;

  const submit = form.handleSubmit(async ({ name }) => {
    if (pending) return;
    const failure = await onSubmit(name || placeholder);
    if (failure === null) return;
    const placed = applyServerErrors(underField(failure, 'body.parameters.name', 'name'), form.setError, i18n.t, {
      fields: ['name'],
      fieldMessages,
    });
    if (!placed) onFailure(failure);
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('snapshot.title')}</DialogTitle>
        <DialogDescription>{t('snapshot.description', { name: containerName })}</DialogDescription>
      </DialogHeader>
      <FormField
        label={t('snapshot.label')}
        hint={t('snapshot.hint', { max: SNAPSHOT_NAME_MAX_LENGTH, placeholder })}
        error={error}
      >
        {(control) => <Input {...control} {...form.register('name')} placeholder={placeholder} autoComplete="off" />}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={Boolean(error) || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {t('snapshot.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
