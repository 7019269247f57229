import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { desktopApps, ASSISTANT_SLOT } from '@/app/desktop-apps';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthConfig } from '@/features/auth/api/get-auth-config';
import { useAuth } from '@/features/auth/components/auth-provider';
import { socialSignInUrl } from '@/features/auth/lib/auth-urls';
import { DesktopShell } from '@/features/shell/components/desktop-shell';
import { parseDesktopSlot } from '@/features/shell/lib/desktop-slot';
import { useRootLayoutContext } from './root-layout';

function promptFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'prompt' in state && typeof state.prompt === 'string') {
    return state.prompt;
  }
  return '';
}

/** '/': the desktop. The slot lives in the address (`?app=N`), so a reload or shared link keeps it. */
export function HomeRoute() {
  const { t } = useTranslation('shell');
  const auth = useAuth();
  const { openEcosystem } = useRootLayoutContext();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const slot = parseDesktopSlot(searchParams.get('app'));
  const assistantPrompt = promptFrom(location.state);
  const authConfig = useAuthConfig();
  // A gated slot offers e-mail sign-in and only the providers this installation configured; each
  // comes back to this very address (slot included). The link names the address from the path (the
  // sign-in page resolves it on its own origin), so the server's render writes the same link.
  const here = createPath(location);
  const signIn = useMemo(
    () => ({
      emailHref: paths.login.getHref(here),
      social: (authConfig.data?.providers ?? []).map((provider) => ({
        provider,
        onSelect: () => window.location.assign(socialSignInUrl(env.authUrl, provider, window.location.href)),
      })),
    }),
    [authConfig.data, here],
  );

  const apps = useMemo(
    () =>
      desktopApps({
        user: auth.user,
        openEcosystem,
        openAssistant: (prompt) => void navigate(paths.home.getHref(ASSISTANT_SLOT), { state: { prompt } }),
        assistantPrompt,
        t,
      }),
    [auth.user, openEcosystem, navigate, assistantPrompt, t],
  );

  return (
    <DesktopShell
      apps={apps}
      slot={slot}
      onSelectSlot={(index) => {
        if (index !== slot) void navigate(paths.home.getHref(index));
      }}
      user={auth.user}
      authLoading={auth.loading}
      signIn={signIn}
    />
  );
}
