import type { Role, Workspace } from '@nuvem/contracts/orgs';
import { Building2Icon, CheckIcon, ChevronsUpDownIcon, PlusIcon, SettingsIcon, UserRoundIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { workspaceDisplayName } from '../lib/workspace-choice';
import { useWorkspace } from './workspace-provider';

// Its form (and the form library) is fetched when someone opens it, not with every page.
const CreateOrganisationDialog = lazy(() =>
  import('./create-organisation-dialog').then((m) => ({ default: m.CreateOrganisationDialog })),
);

/**
 * The header's workspace switcher: the workspace acted in and the role there; the menu lists the
 * personal workspace and each organisation (with the role), creates an organisation and opens the
 * current one's settings.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('organisations');
  const { workspace, workspaceId, organisationId, list, switchTo, emailVerified } = useWorkspace();
  const [createOpen, setCreateOpen] = useState(false);
  const [createLoaded, setCreateLoaded] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const personalName = t('switcher.personalName');
  const name = workspaceDisplayName(workspace, personalName);
  // The personal workspace is always the user's own; an organisation's role is known with the list.
  const role: Role | null = workspace?.role ?? (organisationId === null ? 'owner' : null);
  const label = role ? t('switcher.label', { name, role: t(`roles.${role}`) }) : name;

  const choose = (target: Workspace) => {
    if (target.id === workspaceId) return;
    switchTo(target.id);
    notify.success(t('switcher.switched', { name: workspaceDisplayName(target, personalName) }));
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="sm" className="max-w-48 gap-1.5 px-2" aria-label={label}>
            {organisationId ? <Building2Icon aria-hidden="true" /> : <UserRoundIcon aria-hidden="true" />}
            <span className="hidden truncate sm:inline">{name}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuGroup aria-label={t('switcher.heading')}>
            <DropdownMenuLabel>{t('switcher.heading')}</DropdownMenuLabel>
            {list.isPending ? (
              <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
                {t('switcher.loading')}
              </p>
            ) : list.isError ? (
              <>
                <p role="alert" className="px-2 py-1.5 text-sm text-muted-foreground">
                  {t('switcher.loadError')}
                </p>
                <DropdownMenuItem
                  onSelect={(event) => {
                    event.preventDefault();
                    void list.refetch();
                  }}
                >
                  {t('switcher.retry')}
                </DropdownMenuItem>
              </>
            ) : (
              list.data.map((item) => {
                const current = item.id === workspaceId;
                return (
                  <DropdownMenuItem
                    key={item.id}
                    role="menuitemradio"
                    aria-checked={current}
                    onSelect={() => choose(item)}
                  >
                    <CheckIcon aria-hidden="true" className={current ? undefined : 'invisible'} />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate">{workspaceDisplayName(item, personalName)}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {t('switcher.itemRole', { role: t(`roles.${item.role}`) })}
                      </span>
                    </span>
                  </DropdownMenuItem>
                );
              })
            )}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          {organisationId && (
            <DropdownMenuItem asChild>
              <Link to={paths.organisations.settings.getHref(organisationId)}>
                <SettingsIcon aria-hidden="true" />
                {t('switcher.settings')}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => {
              setCreateLoaded(true);
              setCreateOpen(true);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {t('switcher.create')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {createLoaded && (
        <Suspense fallback={null}>
          <CreateOrganisationDialog
            open={createOpen}
            onOpenChange={setCreateOpen}
            emailVerified={emailVerified}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
            onCreated={(created) => {
              switchTo(created.id);
              notify.success(t('create.created', { name: created.name }));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
