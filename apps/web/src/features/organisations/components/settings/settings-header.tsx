import { ORGANISATION_NAME_MAX_LENGTH, updateOrganisationBodySchema, type Workspace } from '@nuvem/contracts/orgs';
import { plans } from '@nuvem/contracts/pricing';
import { Building2Icon, Loader2Icon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useRenameOrganisation } from '../../api/org-settings-rename-organisation';
import { planName, seatFigures, type SeatLevel } from './seat-figures';
import { canManageMembers, type SettingsViewer } from './settings-access';
import { useOrgFailure } from './use-org-failure';

/** The page's header: the name (renamed in place with members:manage), the viewer's role, the plan and the seats. */
export function SettingsHeader({ organisation, viewer }: { organisation: Workspace; viewer: SettingsViewer }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'header' });
  const { t: tRoles } = useTranslation('orgSettings', { keyPrefix: 'roles' });
  const [renaming, setRenaming] = useState(false);
  return (
    <header className="glass flex flex-col gap-5 rounded-xl p-4 sm:p-6 lg:flex-row lg:items-start lg:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Building2Icon aria-hidden="true" className="size-4" />
          {t('organisation')}
        </p>
        {renaming ? (
          <RenameForm organisation={organisation} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{organisation.name}</h1>
            {canManageMembers(viewer) && (
              <Button variant="ghost" size="sm" aria-label={t('renameLabel')} onClick={() => setRenaming(true)}>
                <PencilIcon aria-hidden="true" />
                {t('rename')}
              </Button>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{t('yourRole', { role: tRoles(viewer.role) })}</Badge>
          <Badge variant="secondary">{t('plan', { plan: planName(organisation.plan) })}</Badge>
        </div>
      </div>
      <Seats organisation={organisation} />
    </header>
  );
}

function RenameForm({ organisation, onDone }: { organisation: Workspace; onDone: () => void }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'header' });
  const rename = useRenameOrganisation();
  const failure = useOrgFailure(organisation.seats);
  const form = useContractForm(updateOrganisationBodySchema, { defaultValues: { name: organisation.name } });
  const submit = form.handleSubmit(async ({ name }) => {
    if (name === organisation.name) {
      onDone();
      return;
    }
    try {
      const renamed = await rename.mutateAsync({ organisationId: organisation.id, name });
      notify.success(t('renamed', { name: renamed.name }));
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, i18n.t, { fields: ['name'] })) {
        form.setError('name', { type: 'server', message: `${t('renameFailed')}: ${failure(error)}` });
      }
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('renameLabel')}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <FormField label={t('nameLabel')} error={form.formState.errors.name?.message} className="min-w-0 flex-1">
        {(control) => (
          <Input
            {...control}
            {...form.register('name')}
            autoFocus
            maxLength={ORGANISATION_NAME_MAX_LENGTH}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onDone();
            }}
          />
        )}
      </FormField>
      <div className="flex gap-2 sm:mt-[1.375rem]">
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" disabled={rename.isPending} onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

const meterColour: Record<SeatLevel, string> = {
  ok: 'bg-primary',
  near: 'bg-warning',
  full: 'bg-destructive',
};

/** 'Seats: 4 of 25 seats used', a meter, members and pending invitations, and the way to more seats when full. */
function Seats({ organisation }: { organisation: Workspace }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'seats' });
  const f = useFormat();
  const seats = seatFigures(organisation);
  const usedText = t('used', { count: seats.sold, used: f.count(seats.used), seats: f.count(seats.sold) });
  return (
    <section aria-label={t('title')} className="flex w-full flex-col gap-2 lg:max-w-xs">
      <p className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold">{usedText}</span>
        {!seats.full && <span className="text-muted-foreground">{t('free', { count: seats.free })}</span>}
      </p>
      <div
        role="meter"
        aria-label={t('meterLabel')}
        aria-valuemin={0}
        aria-valuemax={seats.sold}
        aria-valuenow={Math.min(seats.used, seats.sold)}
        aria-valuetext={usedText}
        data-level={seats.level}
        className="h-2 w-full overflow-hidden rounded-full bg-glass-strong"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', meterColour[seats.level])}
          style={{ width: `${String(Math.round(seats.ratio * 100))}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {t('breakdown', { count: seats.pending, members: f.count(seats.members), pending: f.count(seats.pending) })}
      </p>
      {seats.full && (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium text-destructive">{t('full')}</p>
          {seats.upgrade ? (
            <Link to={paths.pricing.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('buyLargerTo', {
                count: plans[seats.upgrade].entitlements.seats,
                plan: plans[seats.upgrade].name,
              })}
            </Link>
          ) : (
            <p className="text-muted-foreground">{t('fullHelp')}</p>
          )}
        </div>
      )}
    </section>
  );
}
