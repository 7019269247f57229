import { createPostBodySchema, POST_BODY_MAX_LENGTH } from '@nuvem/contracts/profile-posts';
import { SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage, notify } from '@/lib/notify';
import { useCreatePost } from '../api/create-post';

/** The owner's box for a new post: text with links, up to the contract's length (counted as typed). */
export function PostComposer() {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const create = useCreatePost();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useContractForm(createPostBodySchema, { defaultValues: { body: '' } });
  const used = watch('body').length;

  const submit = handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => reset({ body: '' }),
      onError: (error) => {
        if (!applyServerErrors(error, setError, tc, { fields: ['body'] }))
          notify.error(failureMessage(t('feed.publishFailed'), error));
      },
    });
  });

  return (
    <form aria-label={t('feed.composer')} className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('feed.composerField')}
        hint={t('feed.composerHint', { used: f.count(used), max: f.count(POST_BODY_MAX_LENGTH) })}
        error={errors.body?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...register('body')} />}
      </FormField>
      <div>
        <Button type="submit" disabled={create.isPending}>
          <SendIcon aria-hidden="true" />
          {create.isPending ? t('feed.publishing') : t('feed.publish')}
        </Button>
      </div>
    </form>
  );
}
