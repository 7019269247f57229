import { validateCouponBodySchema, type CouponResult } from '@nuvem/contracts/billing';
import { plans } from '@nuvem/contracts/pricing';
import { Loader2Icon, TicketPercentIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { ApiError } from '@/lib/api-client';
import { useValidateCoupon } from '../api/validate-coupon';
import { usePricingText } from './pricing-text';

export interface CouponCardProps {
  coupon: CouponResult | null;
  /**
   * A code applied before (kept in the page's address, across a trip to sign-in): checked again
   * with the server when the card opens, and applied without a toast when it still holds.
   */
  restoreCode?: string | null;
  /** A successful apply replaces the coupon; a failed one clears it (null). */
  onChange: (coupon: CouponResult | null) => void;
}

/**
 * 'Tem um Código de Cupão?': the code is checked by the server (sent upper-cased) and, when
 * valid, its discount shows on every price it counts for. Apply is disabled while checking or
 * when the field is empty; each outcome is a toast of the spec.
 */
export function CouponCard({ coupon, restoreCode = null, onChange }: CouponCardProps) {
  const t = usePricingText();
  const [code, setCode] = useState('');
  const validate = useValidateCoupon();
  const inputId = useId();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const checking = validate.isPending;
  const restored = useRef(false);

  function fail(message: string) {
    onChange(null);
    toast.error(message);
  }

  const failedCheck = (error: Error) => {
    const invalid = error instanceof ApiError && (error.status === 404 || error.status === 400);
    fail(t(invalid ? 'toasts.couponInvalid' : 'toasts.couponFallback'));
  };

  // Once, when the page opens with a code in its address.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (!restoreCode || coupon) return;
    validate.mutate(
      { code: restoreCode },
      {
        onSuccess: (result) => onChange(result),
        onError: (error) => {
          // The code stays in the field, to correct or to try again.
          setCode(restoreCode);
          failedCheck(error);
        },
      },
    );
  });

  function removeCoupon() {
    onChange(null);
    // The button goes away with the coupon: the focus goes to the field to type another.
    input.current?.focus();
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (checking) return;
    if (code.trim() === '') {
      toast.error(t('toasts.couponEmpty'));
      return;
    }
    // The contract's own rule for a code: one it cannot be is invalid without asking.
    const parsed = validateCouponBodySchema.safeParse({ code });
    if (!parsed.success) {
      fail(t('toasts.couponInvalid'));
      return;
    }
    validate.mutate(
      { code: parsed.data.code },
      {
        onSuccess: (result) => {
          onChange(result);
          setCode('');
          toast.success(t('toasts.couponApplied', { percent: result.percentOff }));
        },
        onError: failedCheck,
      },
    );
  }

  return (
    <section aria-labelledby={titleId} className="glass flex flex-col gap-4 rounded-xl p-6">
      <div className="flex items-start gap-3">
        <TicketPercentIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            {t('coupon.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('coupon.description')}</p>
        </div>
      </div>

      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={inputId}>{t('coupon.label')}</Label>
          <Input
            id={inputId}
            ref={input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('coupon.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase placeholder:normal-case"
          />
        </div>
        <Button type="submit" disabled={checking || code === ''} aria-busy={checking || undefined}>
          {checking && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {checking ? t('coupon.checking') : t('coupon.apply')}
        </Button>
      </form>

      {coupon && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm"
        >
          <p className="min-w-0 flex-1">
            <strong className="font-semibold">
              {t('coupon.applied', { code: coupon.code, percent: coupon.percentOff })}
            </strong>
            {coupon.description && <span className="text-muted-foreground"> — {coupon.description}</span>}
            {coupon.plan && (
              <span className="block text-muted-foreground">
                {t('coupon.onlyPlan', { plan: plans[coupon.plan].name })}
              </span>
            )}
          </p>
          <Button variant="ghost" size="sm" onClick={removeCoupon}>
            <XIcon aria-hidden="true" />
            {t('coupon.remove')}
          </Button>
        </div>
      )}
    </section>
  );
}
