import { forgotPasswordBodySchema } from '@nuvem/contracts/account-email';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { useForgotPassword } from '../api/forgot-password';
import { FailureNote, MailLinkPage, SubmitButton, useFailureText } from './account-email-parts';

/**
 * '/forgot-password': asks for a reset link by e-mail. The answer is the same whether or not an
 * account uses the address (the page never says which).
 */
export function ForgotPasswordPage({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useContractForm(forgotPasswordBodySchema, { defaultValues: { email: initialEmail } });

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, i18n.t, { fields: ['email'] })) setFailure(error);
    }
  });

  if (sentTo !== null) {
    return (
      <MailLinkPage
        title={t('forgot.sentTitle')}
        icon={<MailCheckIcon aria-hidden="true" className="size-8 text-primary" />}
      >
        <p role="status">{t('forgot.sentText', { email: sentTo })}</p>
        <Button asChild variant="outline" className="self-start">
          <Link to={paths.login.getHref()}>{t('forgot.backToSignIn')}</Link>
        </Button>
      </MailLinkPage>
    );
  }

  return (
    <MailLinkPage title={t('forgot.title')}>
      <p className="text-sm text-muted-foreground">{t('forgot.description')}</p>
      <form
        // Never a GET with the fields in the address, even sent before the script runs.
        method="post"
        noValidate
        aria-label={t('forgot.title')}
        aria-busy={form.formState.isSubmitting}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {failure !== null && <FailureNote>{failureText(failure)}</FailureNote>}
        <FormField label={t('forgot.email')} error={form.formState.errors.email?.message}>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </FormField>
        <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('forgot.submitting')}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
      <Button asChild variant="link" className="h-auto self-center p-0">
        <Link to={paths.login.getHref()}>{t('forgot.backToSignIn')}</Link>
      </Button>
    </MailLinkPage>
  );
}
