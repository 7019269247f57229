import type { Application } from '@nuvem/contracts/applications';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { failureMessage, notify } from '@/lib/notify';
import { useCreateApplication } from '../api/create-application';
import {
  ApplicationFormFields,
  readApplicationForm,
  type ApplicationFormErrors,
  type ApplicationFormValues,
} from './application-form-fields';

export const createApplicationTexts = {
  open: 'Create Application',
  title: 'Create New Application',
  description: 'An application gets a client ID and a client secret, and owns the API keys you generate for it.',
  cancel: 'Cancel',
  submit: 'Create',
  failed: 'Failed to create application',
} as const;

export interface CreatedApplication {
  application: Application;
  clientSecret: string;
}

const emptyForm: ApplicationFormValues = { name: '', redirectUris: '', allowedOrigins: '' };

function CreateApplicationForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: CreatedApplication) => void;
}) {
  const create = useCreateApplication();
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<ApplicationFormErrors>({});
  const { body, errors: issues, valid } = readApplicationForm(values);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || body.name === '') return;
    if (!valid) {
      setErrors(issues);
      return;
    }
    try {
      const created = await create.mutateAsync(body);
      onCreated({ application: created.application, clientSecret: created.clientSecret });
    } catch (error) {
      // The form stays as typed so it can be corrected and sent again.
      notify.error(failureMessage(createApplicationTexts.failed, error));
    }
  }

  return (
    <form className="grid gap-6" onSubmit={(event) => void submit(event)} noValidate>
      <ApplicationFormFields
        values={values}
        errors={errors}
        disabled={create.isPending}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          {createApplicationTexts.cancel}
        </Button>
        <Button type="submit" disabled={body.name === '' || create.isPending} aria-busy={create.isPending || undefined}>
          {createApplicationTexts.submit}
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{createApplicationTexts.title}</DialogTitle>
          <DialogDescription>{createApplicationTexts.description}</DialogDescription>
        </DialogHeader>
        {/* Unmounted on close, so the form starts empty each time it opens. */}
        <CreateApplicationForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
      </DialogContent>
    </Dialog>
  );
}
