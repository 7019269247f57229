import { authMessages, passwordRule, type SocialProvider } from '@nuvem/contracts/auth';
import { Loader2Icon } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { env } from '@/config/env';
import { useAuthConfig } from '../api/get-auth-config';
import { socialSignInUrl } from '../lib/auth-urls';
import { useAuth } from './auth-provider';

export type LoginFormMode = 'login' | 'register';

const providerLabels: Record<SocialProvider, string> = {
  google: 'Continue with Google',
  github: 'Continue with GitHub',
};

export interface LoginFormProps {
  mode: LoginFormMode;
  onModeChange: (mode: LoginFormMode) => void;
  /** Called once the user is signed in (the post-login redirect). */
  onSuccess: () => void | Promise<void>;
}

/**
 * E-mail and password sign-in, or registration with a display name. The spec has no client-side
 * validation: the form is `noValidate` and the server's checks and messages decide.
 */
export function LoginForm({ mode, onModeChange, onSuccess }: LoginFormProps) {
  const auth = useAuth();
  const config = useAuthConfig();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const registering = mode === 'register';
  const providers = config.data?.providers ?? [];

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      if (registering) await auth.register({ email, password, displayName });
      else await auth.login({ email, password, rememberMe });
    } catch (failure) {
      const fallback = registering ? authMessages.registrationFailed : authMessages.loginFailed;
      setError(failure instanceof Error && failure.message ? failure.message : fallback);
      setSubmitting(false);
      return;
    }
    await onSuccess();
  }

  function switchMode() {
    setError(null);
    onModeChange(registering ? 'login' : 'register');
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        aria-label={registering ? 'Create account' : 'Sign in'}
        aria-busy={submitting}
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-4"
      >
        {error && (
          <p
            role="alert"
            className="rounded-md border border-destructive/50 bg-destructive/15 px-3 py-2 text-sm text-foreground"
          >
            {error}
          </p>
        )}
        {registering && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Display name</Label>
            <Input
              id={`${id}-name`}
              name="displayName"
              autoComplete="name"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </div>
        )}
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
            aria-describedby={registering ? `${id}-password-rule` : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {registering && (
            <p id={`${id}-password-rule`} className="text-sm text-muted-foreground">
              {passwordRule}
            </p>
          )}
        </div>
        {!registering && (
          <div className="flex items-center gap-2">
            <input
              id={`${id}-remember`}
              name="rememberMe"
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
              className="size-4 cursor-pointer accent-primary"
            />
            <Label htmlFor={`${id}-remember`} className="cursor-pointer font-normal">
              Remember me
            </Label>
          </div>
        )}
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? (
            <>
              <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              {registering ? 'Creating account…' : 'Signing in…'}
            </>
          ) : registering ? (
            'Create account'
          ) : (
            'Sign in'
          )}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {registering ? 'Already have an account?' : "Don't have an account?"}{' '}
        <Button variant="link" className="h-auto p-0" onClick={switchMode}>
          {registering ? 'Sign in instead' : 'Create an account'}
        </Button>
      </p>

      {providers.length > 0 && (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          {providers.map((provider) => (
            <Button
              key={provider}
              variant="outline"
              className="w-full"
              onClick={() => window.location.assign(socialSignInUrl(env.authUrl, provider, window.location.href))}
            >
              {providerLabels[provider]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
