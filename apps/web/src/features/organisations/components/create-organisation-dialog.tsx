import { createOrganisationBodySchema, type Workspace } from '@nuvem/contracts/orgs';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage, notify } from '@/lib/notify';
import { useCreateOrganisation } from '../api/create-organisation';

function CreateOrganisationForm({
  emailVerified,
  onCancel,
  onCreated,
}: {
  emailVerified: boolean;
  onCancel: () => void;
  onCreated: (workspace: Workspace) => void;
}) {
  const { t } = useTranslation(['organisations', 'common']);
  const { t: commonT } = useTranslation();
  const create = useCreateOrganisation();
  const form = useContractForm(createOrganisationBodySchema, { defaultValues: { name: '' } });
  const {
    register,
    formState: { errors },
  } = form;

  const submit = form.handleSubmit(async (body) => {
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      if (applyServerErrors(error, form.setError, commonT, { fields: ['name'] })) return;
      const unverified = error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
      notify.error(unverified ? t('create.unverified') : failureMessage(t('create.failed'), error));
    }
  });

  return (
    <form className="grid gap-6" onSubmit={(event) => void submit(event)} noValidate>
      {!emailVerified && (
        <p role="note" className="rounded-md border border-glass-border bg-glass-strong p-3 text-sm">
          {t('create.unverified')}
        </p>
      )}
      <FormField label={t('create.nameLabel')} hint={t('create.nameHint')} error={errors.name?.message} required>
        {(control) => (
          <Input {...control} {...register('name')} autoComplete="organization" disabled={create.isPending} />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={!emailVerified || create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('create.creating') : t('create.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Create an organisation': its name; the creator becomes its owner and works in it at once. */
export function CreateOrganisationDialog({
  open,
  onOpenChange,
  emailVerified,
  onCreated,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  emailVerified: boolean;
  onCreated: (workspace: Workspace) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('organisations');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {/* Unmounted on close, so the form starts empty each time it opens. */}
        <CreateOrganisationForm
          emailVerified={emailVerified}
          onCancel={() => onOpenChange(false)}
          onCreated={(workspace) => {
            onOpenChange(false);
            onCreated(workspace);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
