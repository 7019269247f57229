import type { CheckoutResponse } from '@nuvem/contracts/billing';
import { useCallback, useRef, useState } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/sonner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { followableUrl } from '../lib/plan-purchase';
import { usePricingText } from './pricing-text';

/**
 * The purchases of the pricing page: one at a time (`processing` names it), a checkout reply's
 * address followed, the spec's toasts on every way it can fail, and a signed-out buyer sent to
 * sign-in with this page as the return address (`returnTo`, when the page knows better than the
 * router what it shows: choices not yet in the address).
 */
export function useCheckout(returnTo?: string) {
  const t = usePricingText();
  const navigate = useNavigate();
  const location = useLocation();
  const [processing, setProcessing] = useState<string | null>(null);
  // A second click in the same render must not start a second checkout.
  const busy = useRef(false);

  const requireSignIn = useCallback(() => {
    toast.error(t('toasts.signInRequired'));
    void navigate(paths.login.getHref(returnTo ?? createPath(location)));
  }, [location, navigate, returnTo, t]);

  const checkout = useCallback(
    async (key: string, fallback: string, request: () => Promise<CheckoutResponse>) => {
      if (busy.current) return;
      busy.current = true;
      setProcessing(key);
      try {
        const reply = await request();
        const destination = followableUrl(reply.url, window.location.origin);
        if (!destination) toast.error(t('toasts.noCheckoutUrl'));
        else window.location.assign(destination);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) requireSignIn();
        // A reply without its url does not match the contract: the API layer calls it BAD_REPLY.
        else if (error instanceof ApiError && error.code === 'BAD_REPLY') toast.error(t('toasts.noCheckoutUrl'));
        else {
          const reason = errorMessage(error, '');
          toast.error(fallback, reason && reason !== fallback ? { description: reason } : undefined);
        }
      } finally {
        busy.current = false;
        setProcessing(null);
      }
    },
    [requireSignIn, t],
  );

  return { processing, checkout, requireSignIn };
}
