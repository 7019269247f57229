import { useParams } from 'react-router';
import { SandboxCheckoutPage } from '@/features/billing/components/sandbox-checkout-page';
import { RequireSignIn } from '../require-sign-in';

/** '/checkout/sandbox/:sessionId': the sandbox provider's checkout page; the buyer is signed in. */
export function SandboxCheckoutRoute() {
  const { sessionId = '' } = useParams();
  return (
    <RequireSignIn>
      <SandboxCheckoutPage key={sessionId} sessionId={sessionId} />
    </RequireSignIn>
  );
}
