import type { Member, Role, Workspace } from '@nuvem/contracts/orgs';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-footer';
import { EmptyState, LoadingSkeletons } from '@/components/load-state';
import { notify } from '@/lib/notify';
import { useMembers } from '../../api/members-get-members';
import { useLeaveOrganisation, useRemoveMember } from '../../api/members-remove-member';
import { useUpdateMemberRole } from '../../api/members-update-role';
import { memberName, MembersTable } from './members-table';
import { canManageMembers, type SettingsViewer } from './settings-access';
import { InlineAlert, SettingsLoadError, SettingsPanel } from './settings-panel';
import { useOrgFailure } from './use-org-failure';

export interface MembersSectionProps {
  organisation: Workspace;
  viewer: SettingsViewer;
  /** The viewer has left: the page goes elsewhere. */
  onLeft: () => void;
}

/** Members, their roles and the joined dates; role changes, removals and leaving, each refusal said in place. */
export function MembersSection({ organisation, viewer, onLeft }: MembersSectionProps) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'members' });
  const { t: tRoles } = useTranslation('orgSettings', { keyPrefix: 'roles' });
  const failure = useOrgFailure(organisation.seats);
  const members = useMembers(organisation.id);
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const leave = useLeaveOrganisation();
  // A refused role change (the last owner, a role the viewer cannot give), said above the table.
  const [roleError, setRoleError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);

  const changeRole = (member: Member, role: Role) => {
    setRoleError(null);
    const name = memberName(member);
    updateRole.mutate(
      { organisationId: organisation.id, userId: member.user_id, role },
      {
        onSuccess: () => notify.success(t('roleChanged', { name, role: tRoles(role) })),
        onError: (error) => setRoleError(`${t('roleFailed', { name })}: ${failure(error)}`),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    const name = memberName(removing);
    remove.mutate(
      { organisationId: organisation.id, userId: removing.user_id },
      {
        onSuccess: () => {
          setRemoving(null);
          notify.success(t('removed', { name }));
        },
      },
    );
  };

  const confirmLeave = () => {
    leave.mutate(
      { organisationId: organisation.id, userId: viewer.userId },
      {
        onSuccess: () => {
          setLeaving(false);
          notify.success(t('left', { organisation: organisation.name }));
          onLeft();
        },
      },
    );
  };

  const busyUserId = updateRole.isPending
    ? updateRole.variables.userId
    : remove.isPending
      ? remove.variables.userId
      : null;

  return (
    <SettingsPanel
      title={t('title')}
      description={canManageMembers(viewer) ? t('description') : `${t('description')} ${t('readOnly')}`}
    >
      {roleError && <InlineAlert>{roleError}</InlineAlert>}
      {members.isPending ? (
        <LoadingSkeletons
          label={t('loading')}
          className="gap-2"
          blocks={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']}
        />
      ) : members.isError ? (
        <SettingsLoadError
          title={t('loadError')}
          error={members.error}
          retrying={members.isFetching}
          onRetry={() => void members.refetch()}
        />
      ) : members.data.length === 0 ? (
        <EmptyState icon={UsersIcon} title={t('empty')}>
          {t('description')}
        </EmptyState>
      ) : (
        <MembersTable
          members={members.data}
          viewer={viewer}
          busyUserId={busyUserId}
          onRoleChange={changeRole}
          onRemove={(member) => {
            remove.reset();
            setRemoving(member);
          }}
          onLeave={() => {
            leave.reset();
            setLeaving(true);
          }}
        />
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
        title={t('removeTitle', { name: removing ? memberName(removing) : '' })}
        text={t('removeText', { name: removing ? memberName(removing) : '' })}
        confirmLabel={t('removeConfirm')}
        pending={remove.isPending}
        onConfirm={confirmRemove}
      >
        {remove.isError && <InlineAlert>{failure(remove.error)}</InlineAlert>}
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        open={leaving}
        onOpenChange={(open) => {
          if (!open && !leave.isPending) setLeaving(false);
        }}
        title={t('leaveTitle', { organisation: organisation.name })}
        text={t('leaveText')}
        confirmLabel={t('leaveConfirm')}
        pending={leave.isPending}
        onConfirm={confirmLeave}
      >
        {leave.isError && <InlineAlert>{failure(leave.error)}</InlineAlert>}
      </ConfirmDeleteDialog>
    </SettingsPanel>
  );
}
