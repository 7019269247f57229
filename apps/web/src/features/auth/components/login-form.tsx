import {
  displayNameMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
  type MfaRequired,
  type SocialProvider,
} from '@nuvem/contracts/auth';
import { Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, type FieldMessages } from '@/lib/forms';
import { useAuthConfig } from '../api/get-auth-config';
import type { LoginInput } from '../api/login';
import type { RegisterInput } from '../api/register';
import { authErrorMessage } from '../lib/auth-error-message';
import { socialSignInUrl } from '../lib/auth-urls';
import { useAuth } from './auth-provider';

export type LoginFormMode = 'login' | 'register';

/** One form for both modes, so what was typed in one is still there after switching. */
type AuthFormValues = Required<LoginInput> & RegisterInput;

const loginFields = ['email', 'password'] as const;
const registerFields = ['email', 'password', 'displayName'] as const;

export interface LoginFormProps {
  mode: LoginFormMode;
  onModeChange: (mode: LoginFormMode) => void;
  /** Called once the user is signed in (the post-login redirect). */
  onSuccess: () => void | Promise<void>;
  /** The password was right and the account has a second factor: the sign-in's second step. */
  onMfaRequired?: (challenge: MfaRequired) => void;
}

/**
 * E-mail and password sign-in, or registration with a display name, on react-hook-form with the
 * contract's bodies. The spec has no client-side validation: the form is `noValidate`, nothing is
 * checked before sending, and the server's per-field problems (`details`) are shown beside their
 * fields in plain words. The password rule is shown before anything is sent.
 */
export function LoginForm({ mode, onModeChange, onSuccess, onMfaRequired }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const auth = useAuth();
  const config = useAuthConfig();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AuthFormValues>({
    defaultValues: { email: '', password: '', displayName: '', rememberMe: false },
  });
  // A failure that is not about one field (wrong password, server down): shown above the form.
  const [failure, setFailure] = useState<unknown>(null);

  const registering = mode === 'register';
  const providers = config.data?.providers ?? [];
  const lengthRule = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

  // The server words its own rules in English; those zod's codes cannot say are worded here.
  const fieldMessages: FieldMessages = (field, issue) => {
    const text = issue.message ?? '';
    if (field === 'password' && registering) {
      if (issue.code === 'too_small' || issue.code === 'too_big' || text.includes(passwordMessages.length)) {
        return t('fields.passwordLength', lengthRule);
      }
      if (text.includes(passwordMessages.common)) return t('fields.passwordCommon');
      if (text.includes(passwordMessages.blank)) return t('fields.passwordBlank');
    }
    if (field === 'displayName' && issue.code === 'custom') {
      if (text.includes(displayNameMessages.control)) return t('fields.displayNameControl');
      if (text.includes(displayNameMessages.visible)) return t('fields.displayNameVisible');
    }
    return undefined;
  };

  /** Puts a refusal beside the field it is about; false when it is about none. */
  function placeBesideFields(cause: unknown): boolean {
    if (registering && cause instanceof ApiError && cause.code === 'EMAIL_TAKEN') {
      setError('email', { type: 'server', message: t('errors.emailTaken') }, { shouldFocus: true });
      return true;
    }
    return applyServerErrors(cause, setError, tCommon, {
      fields: registering ? registerFields : loginFields,
      fieldMessages,
    });
  }

  const submit = handleSubmit(async ({ email, password, displayName, rememberMe }) => {
    setFailure(null);
    try {
      if (registering) await auth.register({ email, password, displayName });
      else {
        const result = await auth.login({ email, password, rememberMe });
        if ('mfa_required' in result) {
          onMfaRequired?.(result);
          return;
        }
      }
    } catch (error) {
      // The provider rethrows with the request's own failure as the cause.
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      if (!placeBesideFields(cause)) setFailure(cause);
      return;
    }
    await onSuccess();
  });

  function switchMode() {
    setFailure(null);
    clearErrors();
    onModeChange(registering ? 'login' : 'register');
  }

  /** The field's registration; typing in it again clears the server's problem with it. */
  const field = (name: keyof AuthFormValues) => register(name, { onChange: () => clearErrors(name) });

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        // Never a GET with the password in the address, even submitted before the script runs.
        method="post"
        aria-label={registering ? t('form.registerLabel') : t('form.loginLabel')}
        aria-busy={isSubmitting}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        {failure !== null && (
          <p
            role="alert"
            className="rounded-md border border-destructive/50 bg-destructive/15 px-3 py-2 text-sm text-foreground"
          >
            {authErrorMessage(failure, registering ? t('errors.registrationFailed') : t('errors.loginFailed'))}
          </p>
        )}
        {registering && (
          <FormField label={t('form.displayName')} error={errors.displayName?.message}>
            {(control) => <Input {...control} {...field('displayName')} autoComplete="name" />}
          </FormField>
        )}
        <FormField label={t('form.email')} error={errors.email?.message}>
          {(control) => <Input {...control} {...field('email')} type="email" autoComplete="email" />}
        </FormField>
        <FormField
          label={t('form.password')}
          hint={registering ? t('form.passwordHint', lengthRule) : undefined}
          error={errors.password?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...field('password')}
              type="password"
              autoComplete={registering ? 'new-password' : 'current-password'}
            />
          )}
        </FormField>
        {!registering && (
          <div className="flex items-center gap-2">
            <input
              id={`${id}-remember`}
              type="checkbox"
              {...register('rememberMe')}
              className="size-4 cursor-pointer accent-primary"
            />
            <Label htmlFor={`${id}-remember`} className="cursor-pointer font-normal">
              {t('form.rememberMe')}
            </Label>
            <Link
              to={paths.forgotPassword.getHref()}
              className="ml-auto text-sm text-primary underline-offset-4 hover:underline"
            >
              {t('form.forgotPassword')}
            </Link>
          </div>
        )}
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? (
            <>
              <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              {registering ? t('form.submittingRegister') : t('form.submittingLogin')}
            </>
          ) : registering ? (
            t('form.submitRegister')
          ) : (
            t('form.submitLogin')
          )}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {registering ? t('form.haveAccount') : t('form.noAccount')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={switchMode}>
          {registering ? t('form.switchToLogin') : t('form.switchToRegister')}
        </Button>
      </p>

      {providers.length > 0 && (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            {t('form.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
          {providers.map((provider: SocialProvider) => (
            <Button
              key={provider}
              variant="outline"
              className="w-full"
              onClick={() => window.location.assign(socialSignInUrl(env.authUrl, provider, window.location.href))}
            >
              {t(`social.${provider}`)}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
