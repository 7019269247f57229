import { useSearchParams } from 'react-router';
import { CheckoutResultPage } from '@/features/billing/components/checkout-result-page';
import { RequireSignIn } from '../require-sign-in';

/** '/success?order=…': where checkout returns; the order is the signed-in owner's only. */
export function SuccessRoute() {
  const [search] = useSearchParams();
  const order = search.get('order');
  return (
    <RequireSignIn>
      <CheckoutResultPage key={order} orderId={order && order.trim() !== '' ? order : null} />
    </RequireSignIn>
  );
}
