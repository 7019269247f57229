import { changeEmailBodySchema } from '@nuvem/contracts/account-email';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeletons } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { useChangeEmail } from '../api/change-email';
import { useSignedInUser } from '../api/get-signed-in-user';
import { useResendVerification } from '../api/resend-verification';
import { needsSecondFactor, reportIfSessionEnded } from '../lib/account-email-errors';
import { FailureNote, StatusNote, SubmitButton, useFailureText } from './account-email-parts';

/** The account page's address: whether it is verified (the link again), and changing it by a confirmed link. */
export function EmailSection() {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const me = useSignedInUser();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-xl font-semibold">{t('email.title')}</h2>
        </CardTitle>
        <CardDescription>{t('email.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {me.isPending ? (
          <LoadingSkeletons label={t('email.loading')} blocks={['h-6 w-2/3', 'h-9 w-full']} />
        ) : me.isError ? (
          <LoadError
            layout="inline"
            message={t('email.loadFailed', { reason: failureText(me.error) })}
            onRetry={() => void me.refetch()}
            retrying={me.isFetching}
          />
        ) : (
          <>
            <CurrentAddress email={me.data.user.email} verified={me.data.user.email_verified} />
            <ChangeEmailForm />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CurrentAddress({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const resend = useResendVerification();
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{t('email.current')}</p>
      <p className="flex flex-wrap items-center gap-2 font-medium break-all">
        {email}
        <Badge variant={verified ? 'success' : 'warning'}>
          {verified ? t('email.verified') : t('email.unverified')}
        </Badge>
      </p>
      {!verified &&
        (resend.isSuccess ? (
          <StatusNote>{t('banner.sent')}</StatusNote>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {t('email.resend')}
          </Button>
        ))}
      {resend.isError && <FailureNote>{failureText(resend.error)}</FailureNote>}
    </div>
  );
}

function ChangeEmailForm() {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [askCode, setAskCode] = useState(false);
  const form = useContractForm(changeEmailBodySchema, {
    defaultValues: { new_email: '', password: '', code: undefined },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    setSentTo(null);
    try {
      await change.mutateAsync(body);
      setSentTo(body.new_email);
      setAskCode(false);
      form.reset({ new_email: '', password: '', code: undefined });
    } catch (error) {
      reportIfSessionEnded(error);
      if (needsSecondFactor(error)) setAskCode(true);
      if (!applyServerErrors(error, form.setError, i18n.t, { fields: ['new_email', 'password', 'code'] })) {
        setFailure(error);
      }
    }
  });

  return (
    <form
      noValidate
      aria-label={t('email.changeTitle')}
      aria-busy={isSubmitting}
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
    >
      <h3 className="font-semibold">{t('email.changeTitle')}</h3>
      {sentTo !== null && <StatusNote>{t('email.sent', { email: sentTo })}</StatusNote>}
      {failure !== null && <FailureNote>{failureText(failure)}</FailureNote>}
      <FormField label={t('email.newEmail')} error={errors.new_email?.message}>
        {(control) => <Input {...control} {...form.register('new_email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label={t('email.password')} error={errors.password?.message}>
        {(control) => (
          <Input {...control} {...form.register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      {askCode && (
        <FormField label={t('email.code')} error={errors.code?.message}>
          {(control) => (
            <Input {...control} {...form.register('code')} inputMode="text" autoComplete="one-time-code" autoFocus />
          )}
        </FormField>
      )}
      <SubmitButton busy={isSubmitting} busyLabel={t('email.submitting')} className="justify-self-start">
        {t('email.submit')}
      </SubmitButton>
    </form>
  );
}
