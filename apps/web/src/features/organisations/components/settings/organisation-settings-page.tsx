import { Building2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, LoadingSkeletons } from '@/components/load-state';
import { buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useOrganisation } from '../../api/org-settings-get-organisation';
import { AuditSection } from './audit-section';
import { DangerZoneSection } from './danger-zone-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { RolesSection } from './roles-section';
import { canDeleteOrganisation, visibleSections, type SettingsSection, type SettingsViewer } from './settings-access';
import { SettingsHeader } from './settings-header';
import { SettingsLoadError } from './settings-panel';
import { PageTitle } from '@/components/layouts/page-title';

export interface OrganisationSettingsPageProps {
  organisationId: string;
  /** The signed-in person (their own row offers 'Leave organisation'). */
  currentUserId: string;
  /** The viewer has left the organisation: the route takes them elsewhere. */
  onLeft: () => void;
  /** The viewer (an owner) has deleted the organisation: the route takes them elsewhere. */
  onDeleted: () => void;
}

/** The address keeps the open section (`?tab=audit`), so a link opens it. */
const TAB_PARAM = 'tab';

/**
 * '/organisations/:id': the organisation's name, plan and seats, then its members, invitations,
 * roles and audit log, each section shown only to a role that can use it (a viewer reads the
 * members and has no audit log); last, for owners, the danger zone that deletes the organisation.
 */
export function OrganisationSettingsPage({
  organisationId,
  currentUserId,
  onLeft,
  onDeleted,
}: OrganisationSettingsPageProps) {
  const { t } = useTranslation('orgSettings');
  const organisation = useOrganisation(organisationId);
  const [search, setSearch] = useSearchParams();

  if (organisation.isPending) {
    return (
      <PageFrame title={t('page.title')}>
        <LoadingSkeletons label={t('page.loading')} blocks={['h-36 w-full', 'h-10 w-72', 'h-64 w-full']} />
      </PageFrame>
    );
  }
  if (organisation.isError) {
    const missing = organisation.error instanceof ApiError && organisation.error.status === 404;
    return (
      <PageFrame title={t('page.title')}>
        {missing ? (
          <NotAnOrganisation title={t('page.notFoundTitle')} text={t('page.notFoundText')} />
        ) : (
          <SettingsLoadError
            title={t('page.loadError')}
            error={organisation.error}
            retrying={organisation.isFetching}
            onRetry={() => void organisation.refetch()}
          />
        )}
      </PageFrame>
    );
  }

  const workspace = organisation.data;
  if (workspace.kind === 'personal') {
    return (
      <PageFrame title={t('page.title')}>
        <NotAnOrganisation title={t('page.personalTitle')} text={t('page.personalText')} />
      </PageFrame>
    );
  }

  const viewer: SettingsViewer = { userId: currentUserId, role: workspace.role, permissions: workspace.permissions };
  const sections = visibleSections(workspace.permissions);
  const asked = search.get(TAB_PARAM);
  const current: SettingsSection = sections.find((section) => section === asked) ?? sections[0] ?? 'roles';
  const choose = (value: string) => {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === sections[0]) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <PageFrame title={t('page.titleOf', { name: workspace.name })}>
      <SettingsHeader organisation={workspace} viewer={viewer} />
      <Tabs value={current} onValueChange={choose} className="flex flex-col gap-4">
        <TabsList aria-label={t('page.sections')}>
          {sections.map((section) => (
            <TabsTrigger key={section} value={section}>
              {t(`tabs.${section}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {sections.includes('members') && (
          <TabsContent value="members">
            <MembersSection organisation={workspace} viewer={viewer} onLeft={onLeft} />
          </TabsContent>
        )}
        {sections.includes('invitations') && (
          <TabsContent value="invitations">
            <InvitationsSection organisation={workspace} viewer={viewer} />
          </TabsContent>
        )}
        <TabsContent value="roles">
          <RolesSection />
        </TabsContent>
        {sections.includes('audit') && (
          <TabsContent value="audit">
            <AuditSection organisationId={workspace.id} />
          </TabsContent>
        )}
      </Tabs>
      {canDeleteOrganisation(viewer) && <DangerZoneSection organisation={workspace} onDeleted={onDeleted} />}
    </PageFrame>
  );
}

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-5xl min-w-0 flex-1 flex-col gap-6 px-3 py-6 sm:px-6 lg:py-10">
      <PageTitle>{title}</PageTitle>
      {children}
    </main>
  );
}

function NotAnOrganisation({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('orgSettings');
  return (
    <>
      <h1 className="sr-only">{title}</h1>
      <EmptyState
        icon={Building2Icon}
        title={title}
        action={
          <Link to={paths.home.getHref()} className={buttonVariants({ variant: 'outline' })}>
            {t('page.goHome')}
          </Link>
        }
      >
        {text}
      </EmptyState>
    </>
  );
}
