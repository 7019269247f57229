import type { Post } from '@nuvem/contracts/profile-posts';
import { HeartIcon, MessageCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { failureMessage, notify } from '@/lib/notify';
import { useDeletePost } from '../api/delete-post';
import { useLikePost } from '../api/like-post';
import { profileInitial, profileName } from '../lib/profile-display';
import { ConfirmDelete } from './confirm-delete';
import { LinkedText } from './linked-text';
import { PostComments } from './post-comments';

interface PostCardProps {
  post: Post;
  /** The profile the post is on (its author's). */
  userId: string;
  /** The fallback profile: nothing can be changed. */
  readOnly: boolean;
}

/** One post: its text with safe links, the real figures, Like for others, comments, and Delete for its author. */
export function PostCard({ post, userId, readOnly }: PostCardProps) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const commentsId = useId();
  const [open, setOpen] = useState(false);
  const like = useLikePost();
  const remove = useDeletePost();
  const name = profileName(post.author, t('person.unnamed'));

  return (
    <Card className="grid gap-3 p-4" role="article" aria-label={t('post.label', { name })}>
      <div className="flex items-start gap-3">
        <Avatar className="size-10">
          {post.author.avatar && <AvatarImage src={post.author.avatar} alt="" />}
          <AvatarFallback>{profileInitial(post.author)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{name}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={post.createdAt} title={f.dateTime(post.createdAt)}>
              {f.relative(post.createdAt)}
            </time>
          </p>
        </div>
        {post.isOwn && !readOnly && (
          <ConfirmDelete
            label={t('post.delete')}
            title={t('post.deleteTitle')}
            text={t('post.deleteText')}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(post.id, {
                onSuccess: () => notify.success(t('post.deleted')),
                onError: (e) => notify.error(failureMessage(t('post.deleteFailed'), e)),
              })
            }
          />
        )}
      </div>

      <p className="whitespace-pre-line break-words">
        <LinkedText text={post.body} />
      </p>

      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>{t('post.likes', { count: post.likes, value: f.count(post.likes) })}</span>
        <span>{t('post.comments', { count: post.comments, value: f.count(post.comments) })}</span>
        {post.impressions !== null && (
          <span>{t('post.impressions', { count: post.impressions, value: f.count(post.impressions) })}</span>
        )}
      </p>

      <div className="flex flex-wrap gap-2 border-t border-glass-border pt-2">
        {!post.isOwn && !readOnly && (
          <Button
            variant={post.likedByViewer ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={post.likedByViewer}
            disabled={like.isPending}
            onClick={() =>
              like.mutate(
                { userId, postId: post.id, like: !post.likedByViewer },
                { onError: (e) => notify.error(failureMessage(t('post.likeFailed'), e)) },
              )
            }
          >
            <HeartIcon aria-hidden="true" className={post.likedByViewer ? 'fill-current' : undefined} />
            {t('post.like')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? commentsId : undefined}
          onClick={() => setOpen((v) => !v)}
        >
          <MessageCircleIcon aria-hidden="true" />
          {t('post.showComments')}
        </Button>
      </div>

      {open && <PostComments id={commentsId} userId={userId} postId={post.id} readOnly={readOnly} />}
    </Card>
  );
}
