import type { AuthUser } from '@nuvem/contracts/auth';
import type { PublicProfile } from '@nuvem/contracts/profiles';
import { RefreshCwIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { userAvatarUrl, userInitial } from '@/lib/user-display';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { SlotHeader } from './slot-header';

/** Slot 1, Finder: the signed-in user's card and the list of profiles. */
export function FinderApp({ user }: { user: AuthUser }) {
  const { t } = useTranslation('shell');
  const [browsing, setBrowsing] = useState(false);
  const listId = useId();
  const avatarUrl = userAvatarUrl(user);
  const name = user.user_metadata.display_name?.trim() || t('userMenu.fallbackName');

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <SlotHeader title={t('apps.finder')} tagline={t('finder.tagline')} />
      <article
        aria-label={t('finder.yourProfile')}
        className="glass flex flex-col gap-4 rounded-2xl p-5 sm:flex-row sm:items-center"
      >
        <Avatar className="size-14">
          {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
          <AvatarFallback className="text-lg">{userInitial(user.email)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold">{name}</h2>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.profile.getHref(user.id)}>{t('finder.viewProfile')}</Link>
          </Button>
          <Button
            variant="outline"
            aria-expanded={browsing}
            aria-controls={listId}
            onClick={() => setBrowsing((open) => !open)}
          >
            <UsersIcon aria-hidden="true" />
            {t('finder.browseUsers')}
          </Button>
        </div>
      </article>
      <div id={listId}>{browsing && <UserBrowser />}</div>
    </section>
  );
}

function UserBrowser() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const f = useFormat();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDeferredValue(search.trim());
  const users = useUsers({ q, offset });
  const searchId = useId();
  const total = users.data?.total ?? 0;

  return (
    <section aria-labelledby={`${searchId}-title`} className="glass flex flex-col gap-4 rounded-2xl p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={`${searchId}-title`} className="text-lg font-semibold">
          {t('finder.users')}
        </h2>
        <div className="relative sm:w-72">
          <SearchIcon
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <label htmlFor={searchId} className="sr-only">
            {t('finder.searchLabel')}
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder={t('finder.searchPlaceholder')}
            className="pl-9"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </div>
      </div>

      {users.isPending ? (
        <ul aria-label={t('finder.loading')} className="flex flex-col gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index}>
              <Skeleton className="h-14 w-full" />
            </li>
          ))}
        </ul>
      ) : users.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>{t('finder.loadFailed', { reason: users.error.message })}</p>
          <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            {tCommon('actions.retry')}
          </Button>
        </div>
      ) : users.data.users.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">
          {q ? t('finder.noMatch', { query: q }) : t('finder.empty')}
        </p>
      ) : (
        <>
          <ul aria-label={t('finder.users')} aria-busy={users.isFetching} className="flex flex-col gap-2">
            {users.data.users.map((profile) => (
              <li key={profile.id}>
                <UserRow profile={profile} />
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            <p aria-live="polite">
              {t('finder.range', {
                from: f.count(offset + 1),
                to: f.count(offset + users.data.users.length),
                total: f.count(total),
              })}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset((value) => Math.max(0, value - USERS_PAGE_SIZE))}
              >
                {t('finder.previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + USERS_PAGE_SIZE >= total}
                onClick={() => setOffset((value) => value + USERS_PAGE_SIZE)}
              >
                {t('finder.next')}
              </Button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function UserRow({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation('shell');
  const f = useFormat();
  const name = profile.display_name?.trim() || t('userMenu.fallbackName');
  return (
    <Link
      to={paths.profile.getHref(profile.id)}
      className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-glass-strong"
    >
      <Avatar>
        {profile.avatar_url && <AvatarImage src={profile.avatar_url} alt="" />}
        <AvatarFallback>{userInitial(name)}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        <span className="block text-xs text-muted-foreground">
          {t('finder.joined', { date: f.date(profile.created_at) })}
        </span>
      </span>
    </Link>
  );
}
