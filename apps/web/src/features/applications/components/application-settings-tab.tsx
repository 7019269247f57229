import type { Application } from '@nuvem/contracts/applications';
import { RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeletons } from '@/components/load-state';
import { ConfirmDeleteFooter } from '@/components/confirm-delete-footer';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDeleteApplication } from '../api/delete-application';
import { useRotateClientSecret } from '../api/rotate-client-secret';
import { useUpdateApplication } from '../api/update-application';
import type { ApplicationFormValues } from '../lib/application-form';
import { notifyFailure } from '../lib/failure';
import { formatCommaList, parseCommaList } from '../lib/parse-list';
import { ApplicationFormFields, useApplicationForm } from './application-form-fields';
import { ClientSecretDialog, type RevealedSecret } from './application-secret-dialog';
import { NoApplications } from './applications-tab';

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

function DetailsForm({ application, canWrite }: { application: Application; canWrite: boolean }) {
  const { t } = useTranslation('applications');
  const update = useUpdateApplication();
  const { form, placeServerErrors } = useApplicationForm(formFor(application));
  // Typed through the form's own type: the register helpers widen each value to any.
  const { name, redirectUris, allowedOrigins }: ApplicationFormValues = form.watch();
  // Compared with what the server holds now, so Save turns off again once a change is saved.
  const changed =
    name.trim() !== application.app_name ||
    !sameList(parseCommaList(redirectUris), application.redirect_uris) ||
    !sameList(parseCommaList(allowedOrigins), application.allowed_origins);
  const ready = changed && name.trim() !== '' && !update.isPending;

  const submit = form.handleSubmit(async (body) => {
    if (!ready) return;
    try {
      const saved = await update.mutateAsync({ id: application.id, ...body });
      form.reset(formFor(saved));
      notify.success(t('settings.updated'));
    } catch (error) {
      if (!placeServerErrors(error)) notifyFailure(t('settings.updateFailed'), error);
    }
  });

  return (
    <Card className="grid gap-4 p-5">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{t('settings.detailsTitle')}</h3>
        <p className="text-sm text-muted-foreground">{t('settings.detailsText')}</p>
      </div>
      <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <ApplicationFormFields form={form} disabled={!canWrite || update.isPending} />
        {canWrite && (
          <div className="flex justify-end">
            <Button type="submit" disabled={!ready} aria-busy={update.isPending || undefined}>
              {t('settings.save')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

function ClientSecretSection({ application }: { application: Application }) {
  const { t } = useTranslation(['applications', 'common']);
  const rotate = useRotateClientSecret();
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  async function confirmRotate() {
    try {
      const result = await rotate.mutateAsync(application.id);
      notify.success(t('settings.rotated'));
      setRevealed({
        reason: 'rotated',
        applicationName: application.app_name,
        clientId: application.client_id,
        clientSecret: result.clientSecret,
        previousValidUntil: result.previousSecretValidUntil,
      });
    } catch (error) {
      notifyFailure(t('settings.rotateFailed'), error);
    }
  }

  return (
    <Card className="grid gap-4 p-5">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{t('settings.secretTitle')}</h3>
        <p className="text-sm text-muted-foreground">{t('settings.secretText')}</p>
      </div>
      <div>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={rotate.isPending} aria-busy={rotate.isPending || undefined}>
              <RefreshCwIcon aria-hidden="true" />
              {t('settings.rotate')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('settings.rotateConfirmTitle')}</AlertDialogTitle>
              <AlertDialogDescription>{t('settings.rotateConfirmText')}</AlertDialogDescription>
            </AlertDialogHeader>
            <ConfirmDeleteFooter
              closesOnConfirm
              confirmVariant="default"
              confirmLabel={t('settings.rotateConfirm')}
              onConfirm={() => void confirmRotate()}
            />
          </AlertDialogContent>
        </AlertDialog>
      </div>
      <ClientSecretDialog secret={revealed} onClose={() => setRevealed(null)} />
    </Card>
  );
}

function DeleteSection({ application }: { application: Application }) {
  const { t } = useTranslation(['applications', 'common']);
  const remove = useDeleteApplication();
  const [open, setOpen] = useState(false);

  async function confirmDelete() {
    try {
      // mutateAsync: this section unmounts when the list refreshes without the application.
      await remove.mutateAsync(application.id);
      setOpen(false);
      notify.success(t('settings.deleted'));
    } catch (error) {
      setOpen(false);
      notifyFailure(t('settings.deleteFailed'), error);
    }
  }

  return (
    <Card className="grid gap-4 border-destructive/40 p-5">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{t('settings.dangerTitle')}</h3>
        <p className="text-sm text-muted-foreground">{t('settings.dangerText')}</p>
      </div>
      <div>
        <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2Icon aria-hidden="true" />
              {t('settings.delete')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('settings.deleteConfirmTitle', { name: application.app_name })}</AlertDialogTitle>
              <AlertDialogDescription>{t('settings.deleteConfirmText')}</AlertDialogDescription>
            </AlertDialogHeader>
            {/* Stays open until the server has answered. */}
            <ConfirmDeleteFooter
              confirmLabel={t('common:actions.delete')}
              pending={remove.isPending}
              onConfirm={() => void confirmDelete()}
            />
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
  const { t } = useTranslation('applications');
  // A role without apps:write reads the settings; it is offered no change, rotation or deletion.
  const canWrite = useCan('apps:write');
  if (!application) {
    if (loading) {
      return (
        <LoadingSkeletons label={t('settings.loading')} className="grid gap-4">
          <Card className="grid gap-4 p-5">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </Card>
        </LoadingSkeletons>
      );
    }
    return <NoApplications onCreate={onCreate} text={t('settings.emptyText')} />;
  }
  return (
    <section aria-label={t('settings.label', { name: application.app_name })} className="grid gap-4">
      {/* Keyed: another application starts from its own values. */}
      <DetailsForm key={application.id} application={application} canWrite={canWrite} />
      {canWrite && <ClientSecretSection key={`secret-${application.id}`} application={application} />}
      {canWrite && <DeleteSection key={`delete-${application.id}`} application={application} />}
    </section>
  );
}
