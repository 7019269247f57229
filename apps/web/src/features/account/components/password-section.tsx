import { changePasswordBodySchema } from '@nuvem/contracts/account-email';
import { PASSWORD_MIN_LENGTH } from '@nuvem/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';
import { needsSecondFactor, reportIfSessionEnded } from '../lib/account-email-errors';
import { FailureNote, StatusNote, SubmitButton, useFailureText, usePasswordMessages } from './account-email-parts';

const empty = { current_password: '', new_password: '', code: undefined };

/** The account page's password: the current one (and a code when a second factor is set) for a new one. */
export function PasswordSection() {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [askCode, setAskCode] = useState(false);
  const fieldMessages = usePasswordMessages('new_password');
  const form = useContractForm(changePasswordBodySchema, { defaultValues: empty, fieldMessages });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    setDone(false);
    try {
      await change.mutateAsync(body);
      setDone(true);
      setAskCode(false);
      form.reset(empty);
    } catch (error) {
      reportIfSessionEnded(error);
      if (needsSecondFactor(error)) setAskCode(true);
      const fields = ['current_password', 'new_password', 'code'];
      if (!applyServerErrors(error, form.setError, i18n.t, { fields, fieldMessages })) setFailure(error);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-xl font-semibold">{t('password.title')}</h2>
        </CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={t('password.title')}
          aria-busy={isSubmitting}
          onSubmit={(event) => void submit(event)}
          className="grid gap-4"
        >
          {done && <StatusNote>{t('password.done')}</StatusNote>}
          {failure !== null && <FailureNote>{failureText(failure)}</FailureNote>}
          <FormField label={t('password.current')} error={errors.current_password?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('current_password')}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          <FormField
            label={t('password.new')}
            hint={t('reset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.new_password?.message}
          >
            {(control) => (
              <Input {...control} {...form.register('new_password')} type="password" autoComplete="new-password" />
            )}
          </FormField>
          {askCode && (
            <FormField label={t('password.code')} error={errors.code?.message}>
              {(control) => <Input {...control} {...form.register('code')} autoComplete="one-time-code" autoFocus />}
            </FormField>
          )}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <SubmitButton busy={isSubmitting} busyLabel={t('password.submitting')}>
              {t('password.submit')}
            </SubmitButton>
            <p className="text-sm text-muted-foreground">
              {t('password.noPassword')}{' '}
              <Link to={paths.forgotPassword.getHref()} className="text-primary underline-offset-4 hover:underline">
                {t('password.setOne')}
              </Link>
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
