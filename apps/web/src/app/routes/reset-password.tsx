import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResetPasswordPage } from '@/features/account/components/reset-password-page';
import { linkToken } from '@/features/account/lib/account-email-errors';

/** '/reset-password?token=…': where a mailed reset link lands. */
export function ResetPasswordRoute() {
  const [search] = useSearchParams();
  const [token] = useState(() => linkToken(search));
  return <ResetPasswordPage token={token} />;
}
