import type { Member, Role } from '@nuvem/contracts/orgs';
import { LogOutIcon, UserMinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { RoleSelect } from './role-select';
import { assignableRoles, memberAbilities, type SettingsViewer } from './settings-access';

export interface MembersTableProps {
  members: readonly Member[];
  viewer: SettingsViewer;
  /** The member whose change is in flight: their controls wait for the server. */
  busyUserId?: string | null;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
  onLeave: () => void;
}

/** The name a member is shown by: their display name, else their e-mail address. */
export function memberName(member: Member): string {
  return member.display_name?.trim() || member.email;
}

/**
 * The organisation's members. With members:manage the role is a choice and each member can be
 * removed (an admin never touches an owner); without it the table only reads. On a phone the
 * e-mail goes under the name and the joined date is left out.
 */
export function MembersTable({ members, viewer, busyUserId, onRoleChange, onRemove, onLeave }: MembersTableProps) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'members' });
  const { t: tRoles } = useTranslation('orgSettings', { keyPrefix: 'roles' });
  const f = useFormat();
  const offered = assignableRoles(viewer);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('name')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
              {t('email')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('role')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              {t('joined')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const name = memberName(member);
            const can = memberAbilities(viewer, member);
            const busy = busyUserId === member.user_id;
            return (
              <tr key={member.user_id} className="border-t border-glass-border align-middle">
                <th scope="row" className="max-w-0 py-2 pr-3 text-left font-medium sm:max-w-none">
                  <span className="flex flex-wrap items-center gap-1.5">
                    {/* On a phone the column is narrow: the name and address wrap rather than end in "…". */}
                    <span className="min-w-0 break-words">{name}</span>
                    {can.leave && <Badge variant="outline">{t('you')}</Badge>}
                  </span>
                  <span className="block text-xs font-normal break-all text-muted-foreground md:hidden">
                    {member.email}
                  </span>
                </th>
                <td className="hidden py-2 pr-3 break-all md:table-cell">{member.email}</td>
                <td className="py-2 pr-3">
                  {can.changeRole ? (
                    <RoleSelect
                      value={member.role}
                      options={offered}
                      label={t('roleOf', { name })}
                      disabled={busy}
                      onChange={(role) => onRoleChange(member, role)}
                      className="w-32 sm:w-36"
                    />
                  ) : (
                    <span>{tRoles(member.role)}</span>
                  )}
                </td>
                <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{f.date(member.joined_at)}</td>
                <td className="py-2 text-right">
                  {can.remove && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={t('removeLabel', { name })}
                      title={t('removeLabel', { name })}
                      onClick={() => onRemove(member)}
                    >
                      <UserMinusIcon aria-hidden="true" />
                      <span className="hidden sm:inline">{t('remove')}</span>
                    </Button>
                  )}
                  {can.leave && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={t('leave')}
                      title={t('leave')}
                      onClick={onLeave}
                    >
                      <LogOutIcon aria-hidden="true" />
                      <span className="hidden sm:inline">{t('leave')}</span>
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
