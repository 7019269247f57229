import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { AcceptInvitationPage } from '@/features/organisations/components/accept-invitation-page';

/** '/invitations/accept?token=…': where a mailed invitation link lands. */
export function AcceptInvitationRoute() {
  const [search] = useSearchParams();
  // Read once: signing in and switching workspace rewrite the address, the invitation stays.
  const [token] = useState(() => search.get('token'));
  const auth = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <AcceptInvitationPage
      token={token}
      user={auth.user}
      checking={auth.loading}
      signInHref={paths.login.getHref(here)}
    />
  );
}
