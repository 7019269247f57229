import type { Application } from '@nuvem/contracts/applications';
import { RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { buttonVariants, Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, notify } from '@/lib/notify';
import { useDeleteApplication } from '../api/delete-application';
import { useRotateClientSecret } from '../api/rotate-client-secret';
import { useUpdateApplication } from '../api/update-application';
import { formatDateTime } from '../lib/developer-figures';
import { formatCommaList } from '../lib/parse-list';
import { ClientSecretDialog, clientSecretDialogTexts, type RevealedSecret } from './application-secret-dialog';
import {
  ApplicationFormFields,
  readApplicationForm,
  type ApplicationFormErrors,
  type ApplicationFormValues,
} from './application-form-fields';
import { NoApplications } from './applications-tab';

export const applicationSettingsTexts = {
  detailsTitle: 'Application Settings',
  detailsText: 'Rename the application and change where it may redirect and which origins may call the API.',
  save: 'Save Changes',
  updated: 'Application updated',
  updateFailed: 'Failed to update application',
  secretTitle: 'Client Secret',
  secretText:
    'Rotate the client secret if it may have leaked. The current secret keeps working for a grace period, so your apps can switch without downtime.',
  rotate: 'Rotate Client Secret',
  rotateConfirmTitle: 'Rotate the client secret?',
  rotateConfirmText:
    'A new client secret is issued and shown once. The current secret stays valid for a grace period — you will see until when — and then stops working.',
  rotateConfirm: 'Rotate Secret',
  rotated: 'Client secret rotated',
  rotateFailed: 'Failed to rotate client secret',
  previousValidUntil: (when: string) => `The previous secret stays valid until ${when}.`,
  dangerTitle: 'Delete Application',
  dangerText: 'Deleting the application revokes all of its API keys at once.',
  delete: 'Delete Application',
  deleteConfirmTitle: (name: string) => `Delete ${name}?`,
  deleteConfirmText: 'Its API keys stop working immediately. This cannot be undone.',
  deleteConfirm: 'Delete',
  deleted: 'Application deleted',
  deleteFailed: 'Failed to delete application',
  cancel: 'Cancel',
  emptyText: 'Create an application first: its settings, client secret and deletion are managed here.',
} as const;

function formFor(application: Application): ApplicationFormValues {
  return {
    name: application.app_name,
    redirectUris: formatCommaList(application.redirect_uris),
    allowedOrigins: formatCommaList(application.allowed_origins),
  };
}

function sameList(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

function DetailsForm({ application }: { application: Application }) {
  const update = useUpdateApplication();
  const [values, setValues] = useState(() => formFor(application));
  const [errors, setErrors] = useState<ApplicationFormErrors>({});
  const { body, errors: issues, valid } = readApplicationForm(values);
  // Compared with what the server holds now, so Save turns off again once a change is saved.
  const changed =
    body.name !== application.app_name ||
    !sameList(body.redirectUris, application.redirect_uris) ||
    !sameList(body.allowedOrigins, application.allowed_origins);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || body.name === '' || update.isPending) return;
    if (!valid) {
      setErrors(issues);
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: application.id, ...body });
      setValues(formFor(saved));
      notify.success(applicationSettingsTexts.updated);
    } catch (error) {
      notify.error(errorMessage(error, applicationSettingsTexts.updateFailed));
    }
  }

  return (
    <Card className="grid gap-4 p-5">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{applicationSettingsTexts.detailsTitle}</h3>
        <p className="text-sm text-muted-foreground">{applicationSettingsTexts.detailsText}</p>
      </div>
      <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <ApplicationFormFields
          values={values}
          errors={errors}
          disabled={update.isPending}
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            setErrors((current) => ({ ...current, [field]: undefined }));
          }}
        />
        <div className="flex justify-end">
          <Button
            type="submit"
            disabled={!changed || body.name === '' || update.isPending}
            aria-busy={update.isPending || undefined}
          >
            {applicationSettingsTexts.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ClientSecretSection({ application }: { application: Application }) {
  const rotate = useRotateClientSecret();
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  async function confirmRotate() {
    try {
      const result = await rotate.mutateAsync(application.id);
      notify.success(applicationSettingsTexts.rotated);
      setRevealed({
        title: clientSecretDialogTexts.rotatedTitle,
        applicationName: application.app_name,
        clientId: application.client_id,
        clientSecret: result.clientSecret,
        note: applicationSettingsTexts.previousValidUntil(formatDateTime(result.previousSecretValidUntil)),
      });
    } catch (error) {
      notify.error(errorMessage(error, applicationSettingsTexts.rotateFailed));
    }
  }

  return (
    <Card className="grid gap-4 p-5">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{applicationSettingsTexts.secretTitle}</h3>
        <p className="text-sm text-muted-foreground">{applicationSettingsTexts.secretText}</p>
      </div>
      <div>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={rotate.isPending} aria-busy={rotate.isPending || undefined}>
              <RefreshCwIcon aria-hidden="true" />
              {applicationSettingsTexts.rotate}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{applicationSettingsTexts.rotateConfirmTitle}</AlertDialogTitle>
              <AlertDialogDescription>{applicationSettingsTexts.rotateConfirmText}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{applicationSettingsTexts.cancel}</AlertDialogCancel>
              <AlertDialogAction onClick={() => void confirmRotate()}>
                {applicationSettingsTexts.rotateConfirm}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
      <ClientSecretDialog secret={revealed} onClose={() => setRevealed(null)} />
    </Card>
  );
}

function DeleteSection({ application }: { application: Application }) {
  const remove = useDeleteApplication();
  const [open, setOpen] = useState(false);

  async function confirmDelete() {
    try {
      // mutateAsync: this section unmounts when the list refreshes without the application.
      await remove.mutateAsync(application.id);
      setOpen(false);
      notify.success(applicationSettingsTexts.deleted);
    } catch (error) {
      setOpen(false);
      notify.error(errorMessage(error, applicationSettingsTexts.deleteFailed));
    }
  }

  return (
    <Card className="grid gap-4 border-destructive/40 p-5">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{applicationSettingsTexts.dangerTitle}</h3>
        <p className="text-sm text-muted-foreground">{applicationSettingsTexts.dangerText}</p>
      </div>
      <div>
        <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2Icon aria-hidden="true" />
              {applicationSettingsTexts.delete}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{applicationSettingsTexts.deleteConfirmTitle(application.app_name)}</AlertDialogTitle>
              <AlertDialogDescription>{applicationSettingsTexts.deleteConfirmText}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{applicationSettingsTexts.cancel}</AlertDialogCancel>
              <AlertDialogAction
                className={buttonVariants({ variant: 'destructive' })}
                disabled={remove.isPending}
                aria-busy={remove.isPending || undefined}
                onClick={(event) => {
                  // Stays open until the server has answered.
                  event.preventDefault();
                  void confirmDelete();
                }}
              >
                {applicationSettingsTexts.deleteConfirm}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </Card>
  );
}

/**
 * Beyond the spec: the selected application's settings — edit name, redirect URIs and allowed
 * origins; rotate the client secret (the old one keeps working for the server's grace period);
 * delete the application (its keys stop working). With no application, an invitation to create one.
 */
export function ApplicationSettingsTab({
  application,
  loading,
  onCreate,
}: {
  application: Application | undefined;
  loading: boolean;
  onCreate: () => void;
}) {
  if (!application) {
    if (loading) {
      return (
        <div aria-busy="true" aria-label="Loading settings" className="grid gap-4">
          <Card className="grid gap-4 p-5">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </Card>
        </div>
      );
    }
    return <NoApplications onCreate={onCreate} text={applicationSettingsTexts.emptyText} />;
  }
  return (
    <section aria-label={`Settings of ${application.app_name}`} className="grid gap-4">
      {/* Keyed: another application starts from its own values. */}
      <DetailsForm key={application.id} application={application} />
      <ClientSecretSection key={`secret-${application.id}`} application={application} />
      <DeleteSection key={`delete-${application.id}`} application={application} />
    </section>
  );
}
