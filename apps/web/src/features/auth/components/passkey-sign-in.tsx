import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useAuth } from './auth-provider';

/**
 * "Sign in with a passkey": the browser offers the passkeys this site gave the user (the device
 * checks it is them), no e-mail or password typed. Hidden where the browser has no WebAuthn.
 */
export function PasskeySignIn({ onSuccess }: { onSuccess: () => void | Promise<void> }) {
  const { t } = useTranslation('mfa');
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Only the browser knows whether it has WebAuthn. The server's page (and the render that hydrates
  // it) has the button, as nearly every browser does: leaving it out there moved the whole centred
  // card as the page came alive, and a click on "Create an account" just then landed on the form.
  // A browser without WebAuthn loses it once hydrated.
  const hydrated = useHydrated();
  if (hydrated && !browserSupportsWebAuthn()) return null;

  async function signIn() {
    setFailure(null);
    setBusy(true);
    try {
      await auth.signInWithPasskey();
    } catch (error) {
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      const cancelled = cause instanceof Error && (cause.name === 'NotAllowedError' || cause.name === 'AbortError');
      setFailure(
        cancelled
          ? t('passkeys.cancelled')
          : cause instanceof ApiError && cause.code === 'RATE_LIMITED'
            ? t('errors.rateLimited')
            : t('signIn.passkeyFailed'),
      );
      setBusy(false);
      return;
    }
    await onSuccess();
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" className="w-full" disabled={busy} onClick={() => void signIn()}>
        {busy ? (
          <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <KeyRoundIcon aria-hidden="true" />
        )}
        {busy ? t('signIn.passkeyButtonBusy') : t('signIn.passkeyButton')}
      </Button>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
    </div>
  );
}
