import { ForgotPasswordPage } from '@/features/account/components/forgot-password-page';

/** '/forgot-password': asks for a reset link by e-mail. */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
