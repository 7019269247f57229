import type { Application } from '@nuvem/contracts/applications';
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
import { useCreateApplication } from '../api/create-application';
import { emptyApplicationForm, type ApplicationFormValues } from '../lib/application-form';
import { notifyFailure } from '../lib/failure';
import { ApplicationFormFields, useApplicationForm } from './application-form-fields';

export interface CreatedApplication {
  application: Application;
  clientSecret: string;
}

function CreateApplicationForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: CreatedApplication) => void;
}) {
  const { t } = useTranslation(['applications', 'common']);
  const create = useCreateApplication();
  const { form, placeServerErrors } = useApplicationForm(emptyApplicationForm);
  // Spec 5: Create stays off while the name is empty.
  const { name }: ApplicationFormValues = form.watch();
  const named = name.trim() !== '';

  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      onCreated({ application: created.application, clientSecret: created.clientSecret });
    } catch (error) {
      // The form stays as typed so it can be corrected and sent again; a field's problem shows beside it.
      if (!placeServerErrors(error)) notifyFailure(t('createApplication.failed'), error);
    }
  });

  return (
    <form className="grid gap-6" onSubmit={(event) => void submit(event)} noValidate>
      <ApplicationFormFields form={form} disabled={create.isPending} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={!named || create.isPending} aria-busy={create.isPending || undefined}>
          {t('createApplication.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Spec: 'Create New Application' — name required (Create disabled while it is empty), redirect URIs
 * and allowed origins comma-separated. The parent shows the client secret once `onCreated` runs.
 */
export function CreateApplicationDialog({
  open,
  onOpenChange,
  onCreated,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApplication) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('applications');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('createApplication.title')}</DialogTitle>
          <DialogDescription>{t('createApplication.description')}</DialogDescription>
        </DialogHeader>
        {/* Unmounted on close, so the form starts empty each time it opens. */}
        <CreateApplicationForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
      </DialogContent>
    </Dialog>
  );
}
