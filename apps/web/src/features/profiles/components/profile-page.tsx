import type { Profile } from '@nuvem/contracts/profiles';
import type { ReactNode } from 'react';
import { RefreshCwIcon, TriangleAlertIcon, UserRoundXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProfile } from '../api/get-profile';
import { buildFallbackProfile, canBuildFallback, isUnknownUser } from '../lib/profile-fallback';
import type { SignedInUser } from '../lib/signed-in-user';
import { ProfileHeader } from './profile-header';
import { ProfileSidePanel } from './profile-side-panel';
import { ProfileTabs } from './profile-tabs';
import { PageTitle } from '@/components/layouts/page-title';

export interface ProfilePageProps {
  /** From the address: a user id, or `me`. */
  id: string;
  /** The signed-in user (from the session, passed by the route): the fallback is built from it. */
  user: SignedInUser;
  /**
   * Called after the owner saved their name or photo: the route refreshes the session's user, so
   * the header shows the new ones at once (this feature cannot reach the session itself).
   */
  onProfileSaved?: () => void;
}

/**
 * '/profile/:id'. If the profile call fails on one's own page, spec 7's fallback profile is built
 * from the signed-in user, with a notice and Retry; on another user's page a 404 reads 'User not
 * found' and any other failure 'Unable to load profile' (their data cannot be made up).
 */
export function ProfilePage({ id, user, onProfileSaved }: ProfilePageProps) {
  const { t } = useTranslation('profiles');
  const query = useProfile(id);

  if (query.isPending) return <ProfileSkeleton />;

  if (query.isError) {
    if (canBuildFallback(id, user)) {
      return (
        <ProfileLayout
          profile={buildFallbackProfile(user)}
          readOnly
          notice={
            <div
              role="status"
              className="glass flex flex-wrap items-center gap-3 rounded-xl border-warning/50 px-4 py-3 text-sm"
            >
              <TriangleAlertIcon aria-hidden="true" className="size-5 shrink-0 text-warning" />
              <p className="flex-1">{t('page.fallbackNotice')}</p>
              <Button size="sm" variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
                <RefreshCwIcon aria-hidden="true" />
                {t('page.retry')}
              </Button>
            </div>
          }
        />
      );
    }
    if (isUnknownUser(query.error)) {
      return (
        <Problem
          icon={<UserRoundXIcon aria-hidden="true" className="size-8 text-muted-foreground" />}
          title={t('page.notFound')}
        >
          <p className="text-muted-foreground">{t('page.notFoundText')}</p>
          <Link to={paths.home.getHref()} className={buttonVariants({ variant: 'outline' })}>
            {t('page.home')}
          </Link>
        </Problem>
      );
    }
    return (
      <Problem
        icon={<TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />}
        title={t('page.unable')}
      >
        <p className="text-muted-foreground">{t('page.unableText')}</p>
        <Button disabled={query.isFetching} onClick={() => void query.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('page.retry')}
        </Button>
      </Problem>
    );
  }

  return <ProfileLayout profile={query.data} readOnly={false} onProfileSaved={onProfileSaved} />;
}

interface ProfileLayoutProps {
  profile: Profile;
  /** The fallback profile: nothing can be saved, and its figures are not known. */
  readOnly: boolean;
  notice?: ReactNode;
  onProfileSaved?: (() => void) | undefined;
}

function ProfileLayout({ profile, readOnly, notice, onProfileSaved }: ProfileLayoutProps) {
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 sm:px-6 lg:py-10">
      {profile.displayName && <PageTitle>{profile.displayName}</PageTitle>}
      {notice}
      {/* One column on phones (the side panel below the profile); two from lg up. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <ProfileHeader profile={profile} readOnly={readOnly} onProfileSaved={onProfileSaved} />
          <ProfileTabs profile={profile} readOnly={readOnly} />
        </div>
        <ProfileSidePanel profile={profile} readOnly={readOnly} />
      </div>
    </main>
  );
}

function Problem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <main className="flex flex-1 items-center justify-center p-4">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </Card>
    </main>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <div role="status" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <span className="sr-only">{t('page.loading')}</span>
        <div className="grid content-start gap-6">
          <Card className="overflow-hidden">
            <Skeleton className="h-28 rounded-none sm:h-36" />
            <div className="grid gap-3 px-6 pb-6">
              <Skeleton className="-mt-12 size-24 rounded-full" />
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </Card>
          <Skeleton className="h-10 w-80 max-w-full" />
          <Skeleton className="h-40" />
        </div>
        <div className="grid content-start gap-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-48" />
        </div>
      </div>
    </main>
  );
}
