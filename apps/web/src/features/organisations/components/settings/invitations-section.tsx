import { INVITATION_TTL_DAYS, type Invitation, type Workspace } from '@nuvem/contracts/orgs';
import { MailIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-footer';
import { EmptyState, LoadingSkeletons } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useInvitations } from '../../api/invitations-get-invitations';
import { useRevokeInvitation } from '../../api/invitations-revoke-invitation';
import { InviteForm } from './invite-form';
import { assignableRoles, canManageMembers, type SettingsViewer } from './settings-access';
import { InlineAlert, SettingsLoadError, SettingsPanel } from './settings-panel';
import { useOrgFailure } from './use-org-failure';

/** The invitation form (members:manage) and the pending invitations with their expiry (and Revoke). */
export function InvitationsSection({ organisation, viewer }: { organisation: Workspace; viewer: SettingsViewer }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'invitations' });
  const manages = canManageMembers(viewer);
  const invitations = useInvitations(organisation.id);
  const revoke = useRevokeInvitation();
  const failure = useOrgFailure(organisation.seats);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    const { email } = revoking;
    revoke.mutate(
      { organisationId: organisation.id, invitationId: revoking.id },
      {
        onSuccess: () => {
          setRevoking(null);
          notify.success(t('revoked', { email }));
        },
      },
    );
  };

  return (
    <SettingsPanel title={t('title')} description={t('description', { days: INVITATION_TTL_DAYS })}>
      {manages && <InviteForm organisation={organisation} offered={assignableRoles(viewer)} />}
      <h3 className="font-semibold">{t('pendingTitle')}</h3>
      {invitations.isPending ? (
        <LoadingSkeletons label={t('loading')} className="gap-2" blocks={['h-10 w-full', 'h-10 w-full']} />
      ) : invitations.isError ? (
        <SettingsLoadError
          title={t('loadError')}
          error={invitations.error}
          retrying={invitations.isFetching}
          onRetry={() => void invitations.refetch()}
        />
      ) : invitations.data.length === 0 ? (
        <EmptyState icon={MailIcon} title={t('empty')}>
          {t('description', { days: INVITATION_TTL_DAYS })}
        </EmptyState>
      ) : (
        <InvitationsTable
          invitations={invitations.data}
          manages={manages}
          busyId={revoke.isPending ? revoke.variables.invitationId : null}
          onRevoke={(invitation) => {
            revoke.reset();
            setRevoking(invitation);
          }}
        />
      )}
      <ConfirmDeleteDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setRevoking(null);
        }}
        title={t('revokeTitle', { email: revoking?.email ?? '' })}
        text={t('revokeText')}
        confirmLabel={t('revokeConfirm')}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      >
        {revoke.isError && <InlineAlert>{failure(revoke.error)}</InlineAlert>}
      </ConfirmDeleteDialog>
    </SettingsPanel>
  );
}

function InvitationsTable({
  invitations,
  manages,
  busyId,
  onRevoke,
}: {
  invitations: readonly Invitation[];
  manages: boolean;
  busyId: string | null;
  onRevoke: (invitation: Invitation) => void;
}) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'invitations' });
  const { t: tRoles } = useTranslation('orgSettings', { keyPrefix: 'roles' });
  const f = useFormat();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('email')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('role')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              {t('sentOn')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('expires')}
            </th>
            {manages && (
              <th scope="col" className="py-2 text-right font-medium">
                <span className="sr-only">{t('revoke')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id} className="border-t border-glass-border align-middle">
              <th scope="row" className="py-2 pr-3 text-left font-medium break-all">
                {invitation.email}
              </th>
              <td className="py-2 pr-3">{tRoles(invitation.role)}</td>
              <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{f.date(invitation.created_at)}</td>
              <td className="py-2 pr-3">
                <time dateTime={invitation.expires_at}>
                  {t('expiresOn', { date: f.date(invitation.expires_at), relative: f.relative(invitation.expires_at) })}
                </time>
              </td>
              {manages && (
                <td className="py-2 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busyId === invitation.id}
                    aria-label={t('revokeLabel', { email: invitation.email })}
                    title={t('revokeLabel', { email: invitation.email })}
                    onClick={() => onRevoke(invitation)}
                  >
                    <XIcon aria-hidden="true" />
                    <span className="hidden sm:inline">{t('revoke')}</span>
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
