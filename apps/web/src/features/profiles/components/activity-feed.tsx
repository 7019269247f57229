import type { Profile } from '@nuvem/contracts/profiles';
import { MessageSquarePlusIcon, RefreshCwIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePosts } from '../api/get-posts';
import { profileName } from '../lib/profile-display';
import { PostCard } from './post-card';
import { PostComposer } from './post-composer';

/**
 * The Activity tab: the profile's real posts, newest first. The owner writes here; an empty
 * profile says so, and invites its owner to share a first update.
 */
export function ActivityFeed({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const { t } = useTranslation('profiles');
  const headingId = useId();
  const posts = usePosts(profile.id);
  const canWrite = profile.viewer.isSelf && !readOnly;
  const all = posts.data?.pages.flatMap((page) => page.posts) ?? [];

  let body;
  if (posts.isPending) {
    body = (
      <div className="grid gap-3" aria-hidden="true">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (posts.isError) {
    body = (
      <Card className="flex flex-wrap items-center gap-3 p-4">
        <p className="flex-1 text-sm text-muted-foreground">{t('feed.loadFailed')}</p>
        <Button size="sm" variant="outline" disabled={posts.isFetching} onClick={() => void posts.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('page.retry')}
        </Button>
      </Card>
    );
  } else if (all.length === 0) {
    body = canWrite ? (
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <MessageSquarePlusIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          <div className="grid gap-1">
            <h3 className="font-semibold">{t('feed.emptyOwnTitle')}</h3>
            <p className="text-sm text-muted-foreground">{t('feed.emptyOwnText')}</p>
          </div>
        </div>
        <PostComposer />
      </Card>
    ) : (
      <Card className="p-4 sm:p-6">
        <p className="text-muted-foreground">
          {t('feed.emptyOther', { name: profileName(profile, t('person.unnamed')) })}
        </p>
      </Card>
    );
  } else {
    body = (
      <>
        {canWrite && (
          <Card className="p-4">
            <PostComposer />
          </Card>
        )}
        <ul className="grid gap-3">
          {all.map((post) => (
            <li key={post.id}>
              <PostCard post={post} userId={profile.id} readOnly={readOnly} />
            </li>
          ))}
        </ul>
        {posts.hasNextPage && (
          <div>
            <Button variant="outline" disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
              {posts.isFetchingNextPage ? t('feed.loadingMore') : t('feed.more')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="sr-only">
        {t('feed.title')}
      </h2>
      {body}
    </section>
  );
}
