import type { VerifyEmailResponse } from '@nuvem/contracts/account-email';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { VerifyEmailPage } from '@/features/account/components/verify-email-page';
import { linkToken } from '@/features/account/lib/account-email-errors';
import { useAuth } from '@/features/auth/components/auth-provider';
import { setAuthToken } from '@/lib/auth-token';

/** '/verify-email?token=…': where a mailed verification, address-change or social-claim link lands. */
export function VerifyEmailRoute() {
  const [search] = useSearchParams();
  // Read once: the page follows the link on arrival, and a single-use token is not sent twice.
  const [token] = useState(() => linkToken(search));
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const onFollowed = useCallback(
    async (reply: VerifyEmailResponse) => {
      if (reply.access_token) setAuthToken(reply.access_token);
      // The header (banner, user) and the account page read the user again.
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      await refresh();
    },
    [queryClient, refresh],
  );
  return <VerifyEmailPage token={token} onFollowed={onFollowed} />;
}
