import type { Workspace } from '@nuvem/contracts/orgs';
import { Loader2Icon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/notify';
import { useDeleteOrganisation, useForgetDeletedOrganisation } from '../../api/org-settings-delete-organisation';
import { orgFailureKey } from './org-failure';
import { confirmsOrganisationName } from './settings-access';
import { InlineAlert, SettingsPanel } from './settings-panel';
import { useOrgFailure } from './use-org-failure';

export interface DangerZoneSectionProps {
  organisation: Workspace;
  /** The organisation is gone: the route switches to the personal workspace and goes home. */
  onDeleted: () => void;
}

/** Owners only: deleting the organisation, confirmed by typing its name. */
export function DangerZoneSection({ organisation, onDeleted }: DangerZoneSectionProps) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'danger' });
  const [open, setOpen] = useState(false);
  const remove = useDeleteOrganisation();
  const forget = useForgetDeletedOrganisation();
  // Set once deleted: the list of workspaces is asked for again when this page has been left (see
  // useForgetDeletedOrganisation), so the address never names an organisation the list has lost.
  const deleted = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (deleted.current) forget(deleted.current);
    },
    [forget],
  );

  return (
    <SettingsPanel title={t('title')} description={t('description')} className="border-destructive/50">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="font-medium">{t('deleteTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('deleteText', { name: organisation.name })}</p>
        </div>
        <Button
          variant="destructive"
          className="shrink-0"
          onClick={() => {
            remove.reset();
            setOpen(true);
          }}
        >
          <Trash2Icon aria-hidden="true" />
          {t('deleteButton')}
        </Button>
      </div>
      <DeleteOrganisationDialog
        open={open}
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
        organisation={organisation}
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() =>
          remove.mutate(organisation.id, {
            onSuccess: () => {
              deleted.current = organisation.id;
              setOpen(false);
              notify.success(t('deleted', { name: organisation.name }));
              onDeleted();
            },
          })
        }
      />
    </SettingsPanel>
  );
}

function DeleteOrganisationDialog({
  open,
  onOpenChange,
  organisation,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organisation: Workspace;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'danger' });
  const { t: tCommon } = useTranslation();
  const failure = useOrgFailure(organisation.seats);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const name = organisation.name;

  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setMismatch(false);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent showClose={!pending}>
        <DialogHeader>
          <DialogTitle>{t('dialogTitle', { name })}</DialogTitle>
          <DialogDescription>{t('dialogText')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label={t('dialogTitle', { name })}
          aria-busy={pending || undefined}
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (pending) return;
            if (!confirmsOrganisationName(typed, name)) {
              setMismatch(true);
              return;
            }
            onConfirm();
          }}
        >
          {error && (
            // A refusal the owner can act on (containers or a paid plan left) is the first thing read.
            <InlineAlert>
              {orgFailureKey(error) === 'notEmpty' ? failure(error) : `${t('failed')}: ${failure(error)}`}
            </InlineAlert>
          )}
          <FormField label={t('confirm', { name })} error={mismatch ? t('mismatch', { name }) : undefined} required>
            {(control) => (
              <Input
                {...control}
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  if (mismatch) setMismatch(!confirmsOrganisationName(event.target.value, name));
                }}
                autoComplete="off"
                spellCheck={false}
                disabled={pending}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={pending}>
                {tCommon('actions.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending} aria-busy={pending || undefined}>
              {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? t('deleting') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
