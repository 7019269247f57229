import { permissions as allPermissions, type Permission } from '@nuvem/contracts/orgs';
import { CheckIcon, MinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeletons } from '@/components/load-state';
import { useRoles } from '../../api/org-settings-get-roles';
import { SettingsLoadError, SettingsPanel } from './settings-panel';

/** The permissions some listed role has, in the contract's order (a row per permission). */
export function permissionRows(roles: readonly { permissions: readonly Permission[] }[]): Permission[] {
  const listed = new Set(roles.flatMap((role) => role.permissions));
  return allPermissions.filter((permission) => listed.has(permission));
}

/**
 * What each role may do, read from `GET /api/rbac/roles`, so a role is given knowingly: a
 * permission per row, a role per column (the table scrolls sideways on a phone, the permission
 * column staying in view).
 */
export function RolesSection() {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'rolesTable' });
  const { t: tOrg } = useTranslation('orgSettings');
  const roles = useRoles();
  return (
    <SettingsPanel title={t('title')} description={t('description')}>
      {roles.isPending ? (
        <LoadingSkeletons label={t('loading')} blocks={['h-48 w-full']} />
      ) : roles.isError ? (
        <SettingsLoadError
          title={t('loadError')}
          error={roles.error}
          retrying={roles.isFetching}
          onRetry={() => void roles.refetch()}
        />
      ) : (
        <>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            {roles.data.map((role) => (
              <div key={role.id} className="grid gap-0.5">
                <dt className="font-medium">{tOrg(`roles.${role.id}`)}</dt>
                <dd className="text-muted-foreground">{tOrg(`roleDescriptions.${role.id}`)}</dd>
              </div>
            ))}
          </dl>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">{t('caption')}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="sticky left-0 bg-popover/80 py-2 pr-3 text-left font-medium">
                    {t('permission')}
                  </th>
                  {roles.data.map((role) => (
                    <th key={role.id} scope="col" className="px-2 py-2 text-center font-medium">
                      {tOrg(`roles.${role.id}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {permissionRows(roles.data).map((permission) => (
                  <tr key={permission} className="border-t border-glass-border">
                    <th scope="row" className="sticky left-0 bg-popover/80 py-2 pr-3 text-left font-normal">
                      <span className="block">{tOrg(`permissions.${permission}`)}</span>
                      <code className="text-xs text-muted-foreground">{permission}</code>
                    </th>
                    {roles.data.map((role) => (
                      <PermissionCell key={role.id} allowed={role.permissions.includes(permission)} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </SettingsPanel>
  );
}

function PermissionCell({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'rolesTable' });
  return (
    <td className="px-2 py-2 text-center">
      {allowed ? (
        <CheckIcon aria-hidden="true" className="mx-auto size-4 text-success" />
      ) : (
        <MinusIcon aria-hidden="true" className="mx-auto size-4 text-muted-foreground/60" />
      )}
      <span className="sr-only">{allowed ? t('allowed') : t('notAllowed')}</span>
    </td>
  );
}
