import { resetPasswordBodySchema } from '@nuvem/contracts/account-email';
import { PASSWORD_MIN_LENGTH } from '@nuvem/contracts/auth';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { useResetPassword } from '../api/reset-password';
import { FailureNote, MailLinkPage, SubmitButton, useFailureText, usePasswordMessages } from './account-email-parts';

const passwordFormSchema = resetPasswordBodySchema.pick({ password: true });

/**
 * '/reset-password?token=…': a new password for the account of a mailed reset link. Every session
 * of the account ends; the user then signs in with the new password.
 */
export function ResetPasswordPage({ token }: { token: string | null }) {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const fieldMessages = usePasswordMessages('password');
  const form = useContractForm(passwordFormSchema, { defaultValues: { password: '' }, fieldMessages });

  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      setDone(true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, i18n.t, { fields: ['password'], fieldMessages })) setFailure(error);
    }
  });

  if (done) {
    return (
      <MailLinkPage
        title={t('reset.doneTitle')}
        icon={<CircleCheckIcon aria-hidden="true" className="size-8 text-success" />}
      >
        <p role="status">{t('reset.doneText')}</p>
        <Button asChild className="self-start">
          <Link to={paths.login.getHref()}>{t('reset.signIn')}</Link>
        </Button>
      </MailLinkPage>
    );
  }

  const linkDead = failure instanceof ApiError && failure.code === 'INVALID_TOKEN';
  if (!token || linkDead) {
    return (
      <MailLinkPage
        title={t('verify.failedTitle')}
        icon={<CircleXIcon aria-hidden="true" className="size-8 text-destructive" />}
      >
        <FailureNote>{token ? failureText(failure) : t('errors.noToken')}</FailureNote>
        <Button asChild className="self-start">
          <Link to={paths.forgotPassword.getHref()}>{t('reset.askAgain')}</Link>
        </Button>
      </MailLinkPage>
    );
  }

  return (
    <MailLinkPage title={t('reset.title')}>
      <p className="text-sm text-muted-foreground">{t('reset.description')}</p>
      <form
        // Never a GET with the fields in the address, even sent before the script runs.
        method="post"
        noValidate
        aria-label={t('reset.title')}
        aria-busy={form.formState.isSubmitting}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {failure !== null && <FailureNote>{failureText(failure)}</FailureNote>}
        <FormField
          label={t('reset.password')}
          hint={t('reset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={form.formState.errors.password?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('reset.submitting')}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </MailLinkPage>
  );
}
