import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { createPath, Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { getAuthConfigQueryOptions, useAuthConfig } from '../api/get-auth-config';
import { decidePostLoginRedirect } from '../lib/post-login-redirect';
import { signInErrorMessage } from '../lib/sign-in-error';
import { useAuth } from './auth-provider';
import { LoginForm, type LoginFormMode } from './login-form';
import { MfaStep, mfaMethodsFromQuery, type MfaChallenge } from './mfa-step';
import { PasskeySignIn } from './passkey-sign-in';

/** The sign-in page: the form, or who is signed in; after a login it applies the spec's redirect. */
export function SignInPanel() {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const [mode, setMode] = useState<LoginFormMode>('login');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAuthConfig();

  // The page's address as the router sees it (the same as the browser's outside tests). The server's
  // render has no window: its origin there only resolves the address (nothing rendered shows it).
  const currentUrl = new URL(
    createPath(location),
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  );
  const redirect = decidePostLoginRedirect(currentUrl, config.data?.redirect_origins ?? []);
  // A failed social sign-in comes back here with a code in `error`: shown as its fixed message only.
  const returnedError = signInErrorMessage(currentUrl.searchParams.get('error'));
  // A sign-in waiting for its second step: after the password (its reply's ticket), or back from a
  // social provider (`mfa=<methods>`, the ticket in an HttpOnly cookie).
  const [mfa, setMfa] = useState<MfaChallenge | null>(() => {
    const methods = mfaMethodsFromQuery(currentUrl.searchParams.get('mfa'));
    return methods ? { methods } : null;
  });
  function leaveMfaStep() {
    setMfa(null);
    if (currentUrl.searchParams.has('mfa')) {
      const params = new URLSearchParams(currentUrl.search);
      params.delete('mfa');
      void navigate({ search: params.toString() }, { replace: true });
    }
  }

  // Already signed in and sent here with somewhere to go (another app's SSO check, or the return
  // from a social sign-in): go on at once, as a central sign-in service does.
  const continueTo = user && !config.isPending && redirect.kind === 'navigate' ? redirect.url : null;
  // One full page load, whoever asks first: a sign-in here both navigates and sets the signed-in
  // state, and a second assign would abort the first load.
  const leaving = useRef(false);
  const leaveFor = useCallback((url: string) => {
    if (leaving.current) return;
    leaving.current = true;
    window.location.assign(url);
  }, []);
  useEffect(() => {
    if (continueTo) leaveFor(continueTo);
  }, [continueTo, leaveFor]);

  async function finishSignIn() {
    const origins = await queryClient
      .query({ ...getAuthConfigQueryOptions(), retry: false })
      .then((reply) => reply.redirect_origins)
      .catch(() => []); // without the list only the portal's own addresses are allowed
    const decision = decidePostLoginRedirect(currentUrl, origins);
    if (decision.kind === 'navigate') leaveFor(decision.url);
    else if (decision.kind === 'clean') await navigate(paths.login.getHref(), { replace: true });
    else await navigate(paths.home.getHref());
  }

  function setMfaRequired(challenge: { mfa_ticket: string; methods: MfaChallenge['methods'] }) {
    setMfa({ ticket: challenge.mfa_ticket, methods: challenge.methods });
  }

  const title = user ? t('panel.signedInTitle') : mode === 'login' ? t('panel.loginTitle') : t('panel.registerTitle');
  const description = user ? '' : mode === 'login' ? t('panel.loginDescription') : t('panel.registerDescription');

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {user ? (
          <div className="flex flex-col gap-4">
            <p>
              {/* The name and e-mail go in as elements, never into the message: no markup from a user. */}
              <Trans
                t={t}
                i18nKey="panel.signedInAs"
                components={{
                  name: <strong>{user.user_metadata.display_name?.trim() || t('panel.fallbackName')}</strong>,
                  email: <span>{user.email}</span>,
                }}
              />
            </p>
            <Button asChild className="w-full">
              {redirect.kind === 'navigate' ? (
                <a href={redirect.url}>{t('panel.continue')}</a>
              ) : (
                <Link to={paths.home.getHref()}>{t('panel.continue')}</Link>
              )}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {returnedError && (
              <p
                role="alert"
                className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive"
              >
                {returnedError}
              </p>
            )}
            {mfa ? (
              <MfaStep challenge={mfa} onSuccess={finishSignIn} onCancel={leaveMfaStep} />
            ) : (
              <>
                <LoginForm mode={mode} onModeChange={setMode} onSuccess={finishSignIn} onMfaRequired={setMfaRequired} />
                {mode === 'login' && <PasskeySignIn onSuccess={finishSignIn} />}
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
