import { createCommentBodySchema, COMMENT_BODY_MAX_LENGTH, type Comment } from '@nuvem/contracts/profile-posts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage, notify } from '@/lib/notify';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { profileInitial, profileName } from '../lib/profile-display';
import { ConfirmDelete } from './confirm-delete';
import { LinkedText } from './linked-text';
import { CharacterCount } from './text-field';

interface PostCommentsProps {
  /** The region's id (the Comments button controls it). */
  id: string;
  userId: string;
  postId: string;
  readOnly: boolean;
}

/** A post's comments, oldest first, and the box to add one. */
export function PostComments({ id, userId, postId, readOnly }: PostCommentsProps) {
  const { t } = useTranslation('profiles');
  const comments = useComments(userId, postId);
  const all = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  return (
    <section id={id} aria-label={t('comments.label')} className="grid gap-3 rounded-lg bg-glass/50 p-3">
      {comments.isPending ? (
        <Skeleton className="h-10" />
      ) : comments.isError ? (
        <p className="text-sm text-muted-foreground">{t('comments.loadFailed')}</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('comments.none')}</p>
      ) : (
        <ul className="grid gap-3">
          {all.map((comment) => (
            <CommentItem key={comment.id} comment={comment} userId={userId} readOnly={readOnly} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {t('comments.more')}
          </Button>
        </div>
      )}
      {!readOnly && <CommentForm userId={userId} postId={postId} />}
    </section>
  );
}

function CommentItem({ comment, userId, readOnly }: { comment: Comment; userId: string; readOnly: boolean }) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const remove = useDeleteComment();
  const name = profileName(comment.author, t('person.unnamed'));
  return (
    <li className="flex items-start gap-2">
      <Avatar className="size-8">
        {comment.author.avatar && <AvatarImage src={comment.author.avatar} alt="" />}
        <AvatarFallback>{profileInitial(comment.author)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link to={paths.profile.getHref(comment.author.id)} className="font-medium hover:underline">
            {name}
          </Link>
          <time
            dateTime={comment.createdAt}
            title={f.dateTime(comment.createdAt)}
            className="text-xs text-muted-foreground"
          >
            {f.relative(comment.createdAt)}
          </time>
        </p>
        <p className="text-sm whitespace-pre-line break-words">
          <LinkedText text={comment.body} />
        </p>
      </div>
      {comment.isOwn && !readOnly && (
        <ConfirmDelete
          label={t('comments.delete')}
          title={t('comments.deleteTitle')}
          text={t('comments.deleteText')}
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              { userId, postId: comment.postId, commentId: comment.id },
              { onError: (e) => notify.error(failureMessage(t('comments.deleteFailed'), e)) },
            )
          }
        />
      )}
    </li>
  );
}

function CommentForm({ userId, postId }: { userId: string; postId: string }) {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const add = useAddComment();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useContractForm(createCommentBodySchema, { defaultValues: { body: '' } });

  const submit = handleSubmit(({ body }) => {
    add.mutate(
      { userId, postId, body },
      {
        onSuccess: () => reset({ body: '' }),
        onError: (error) => {
          if (!applyServerErrors(error, setError, tc, { fields: ['body'] }))
            notify.error(failureMessage(t('comments.sendFailed'), error));
        },
      },
    );
  });

  return (
    <form aria-label={t('comments.field')} className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('comments.field')}
        hint={<CharacterCount used={watch('body').length} max={COMMENT_BODY_MAX_LENGTH} />}
        error={errors.body?.message}
      >
        {(control) => <Textarea {...control} rows={2} className="min-h-12" {...register('body')} />}
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? t('comments.sending') : t('comments.send')}
        </Button>
      </div>
    </form>
  );
}
