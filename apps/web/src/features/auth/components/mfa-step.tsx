import type { MfaMethod } from '@nuvem/contracts/auth';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { authErrorMessage } from '../lib/auth-error-message';
import { useAuth } from './auth-provider';

/** A sign-in waiting for its second step: the ticket (absent after a social sign-in: it is in a cookie) and the methods. */
export interface MfaChallenge {
  ticket?: string | undefined;
  methods: readonly MfaMethod[];
}

/** The methods named in `/login?mfa=totp,recovery_code` (a social sign-in's second step), or null. */
export function mfaMethodsFromQuery(value: string | null): MfaMethod[] | null {
  if (!value) return null;
  const known: readonly MfaMethod[] = ['totp', 'recovery_code', 'passkey'];
  const methods = value.split(',').filter((method): method is MfaMethod => known.some((k) => k === method));
  return methods.length > 0 ? methods : null;
}

type Failure = { message: string; expired: boolean };

/** What went wrong, in the language in use (the provider wraps the request's failure as `cause`). */
function failureOf(error: unknown): Failure {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof Error && (cause.name === 'NotAllowedError' || cause.name === 'AbortError')) {
    return { message: i18n.t('mfa:passkeys.cancelled'), expired: false };
  }
  if (cause instanceof ApiError) {
    switch (cause.code) {
      case 'MFA_TICKET_INVALID':
        return { message: i18n.t('mfa:signIn.expired'), expired: true };
      case 'INVALID_MFA_CODE':
        return { message: i18n.t('mfa:errors.invalidCode'), expired: false };
      case 'PASSKEY_INVALID':
      case 'PASSKEY_CHALLENGE_EXPIRED':
      case 'NO_PASSKEYS':
        return { message: i18n.t('mfa:signIn.passkeyInvalid'), expired: false };
      case 'RATE_LIMITED':
        return { message: i18n.t('mfa:errors.rateLimited'), expired: false };
    }
  }
  return { message: authErrorMessage(cause, i18n.t('auth:errors.loginFailed')), expired: false };
}

/**
 * The sign-in's second step: the code from the authenticator app (or a recovery code), or a
 * passkey. A ticket that expired, was used or took five wrong codes sends the user back to sign in.
 */
export function MfaStep({
  challenge,
  onSuccess,
  onCancel,
}: {
  challenge: MfaChallenge;
  onSuccess: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mfa');
  const auth = useAuth();
  const hasTotp = challenge.methods.includes('totp');
  const passkey = challenge.methods.includes('passkey') && browserSupportsWebAuthn();
  const [mode, setMode] = useState<'totp' | 'recovery'>(hasTotp ? 'totp' : 'recovery');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  useEffect(() => {
    if (mode === 'totp' || !passkey) setFocus('code');
  }, [mode, passkey, setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await auth.completeMfa({ ticket: challenge.ticket, code: code.trim() });
    } catch (error) {
      setFailure(failureOf(error));
      reset({ code: '' });
      setFocus('code');
      return;
    }
    await onSuccess();
  });

  async function verifyWithPasskey() {
    setFailure(null);
    setPasskeyBusy(true);
    try {
      await auth.completeMfa({ ticket: challenge.ticket, passkey: true });
    } catch (error) {
      setFailure(failureOf(error));
      setPasskeyBusy(false);
      return;
    }
    await onSuccess();
  }

  const busy = isSubmitting || passkeyBusy;
  const prompt =
    mode === 'totp'
      ? t('signIn.totpPrompt')
      : passkey && !hasTotp
        ? t('signIn.passkeyPrompt')
        : t('signIn.recoveryPrompt');

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t('signIn.title')}</h2>
        <p className="text-sm text-muted-foreground">{prompt}</p>
      </div>
      {failure && (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/15 px-3 py-2 text-sm text-foreground"
        >
          {failure.message}
        </p>
      )}
      {failure?.expired ? (
        <Button onClick={onCancel}>{t('signIn.back')}</Button>
      ) : (
        <>
          {passkey && !hasTotp && (
            <Button onClick={() => void verifyWithPasskey()} disabled={busy} className="w-full">
              {passkeyBusy ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <KeyRoundIcon aria-hidden="true" />
              )}
              {passkeyBusy ? t('signIn.waitingForPasskey') : t('signIn.usePasskey')}
            </Button>
          )}
          <form
            // Never a GET with the fields in the address, even sent before the script runs.
            method="post"
            noValidate
            aria-label={t('signIn.title')}
            aria-busy={isSubmitting}
            onSubmit={(event) => void submit(event)}
            className="flex flex-col gap-4"
          >
            <FormField label={mode === 'totp' ? t('signIn.codeLabel') : t('signIn.recoveryLabel')}>
              {(control) =>
                mode === 'totp' ? (
                  <Input
                    {...control}
                    {...register('code')}
                    key="totp"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={7}
                    className="font-mono tracking-widest"
                  />
                ) : (
                  <Input
                    {...control}
                    {...register('code')}
                    key="recovery"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={32}
                    className="font-mono"
                  />
                )
              }
            </FormField>
            <Button
              type="submit"
              disabled={busy}
              variant={passkey && !hasTotp ? 'outline' : 'default'}
              className="w-full"
            >
              {isSubmitting && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {isSubmitting ? t('signIn.verifying') : t('signIn.verify')}
            </Button>
          </form>
          <div className="flex flex-col items-start gap-1">
            {hasTotp && (
              <Button
                variant="link"
                className="h-auto p-0"
                onClick={() => {
                  setFailure(null);
                  reset({ code: '' });
                  setMode(mode === 'totp' ? 'recovery' : 'totp');
                }}
              >
                {mode === 'totp' ? t('signIn.useRecoveryCode') : t('signIn.useApp')}
              </Button>
            )}
            {passkey && hasTotp && (
              <Button variant="link" className="h-auto p-0" disabled={busy} onClick={() => void verifyWithPasskey()}>
                {passkeyBusy ? t('signIn.waitingForPasskey') : t('signIn.usePasskey')}
              </Button>
            )}
            <Button variant="link" className="h-auto p-0 text-muted-foreground" onClick={onCancel}>
              {t('signIn.back')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
