import type { CouponResult } from '@nuvem/contracts/billing';
import { packs, quotePack, type AddonType, type Pack } from '@nuvem/contracts/pricing';
import { Loader2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { quantityText, usePricingMoney, usePricingText } from './pricing-text';

export interface AddonPacksProps {
  type: AddonType;
  currency: string | null;
  coupon: CouponResult | null;
  /** The pack whose checkout is running (its id), if any. */
  processingPack: string | null;
  disabled: boolean;
  /** false: the role in this organisation cannot buy (the section says why): no buy buttons. */
  canBuy?: boolean;
  onBuy: (pack: Pack) => void;
}

/** The predefined packs of one add-on type, each at its own price (coupon shown when it counts). */
export function AddonPacks({
  type,
  currency,
  coupon,
  processingPack,
  disabled,
  canBuy = true,
  onBuy,
}: AddonPacksProps) {
  const t = usePricingText();
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {packs[type].map((pack) => (
        <li key={pack.id}>
          <PackCard
            type={type}
            pack={pack}
            currency={currency}
            coupon={coupon}
            processing={processingPack === pack.id}
            disabled={disabled}
            canBuy={canBuy}
            onBuy={() => onBuy(pack)}
            t={t}
          />
        </li>
      ))}
    </ul>
  );
}

function PackCard({
  type,
  pack,
  currency,
  coupon,
  processing,
  disabled,
  canBuy,
  onBuy,
  t,
}: {
  type: AddonType;
  pack: Pack;
  currency: string | null;
  coupon: CouponResult | null;
  processing: boolean;
  disabled: boolean;
  canBuy: boolean;
  onBuy: () => void;
  t: ReturnType<typeof usePricingText>;
}) {
  const titleId = useId();
  const pricingMoney = usePricingMoney();
  const quantity = quantityText(t, type, pack.quantity);
  const quote = quotePack(pack, coupon?.percentOff ?? 0);
  const unitCents = Math.round(pack.priceCents / pack.quantity);
  return (
    <article aria-labelledby={titleId} className="glass flex h-full flex-col gap-3 rounded-lg p-4">
      <div>
        <h4 id={titleId} className="font-semibold">
          {pack.name}
        </h4>
        <p className="text-sm text-muted-foreground">{quantity}</p>
      </div>
      {currency === null ? (
        <Skeleton className="h-8 w-24" />
      ) : (
        <div className="flex flex-col gap-0.5">
          {coupon ? (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-bold text-success">{pricingMoney(quote.totalCents, currency)}</span>
              <span className="text-sm text-muted-foreground line-through">
                <span className="sr-only">{t('addons.originalPrice')} </span>
                {pricingMoney(pack.priceCents, currency)}
              </span>
            </p>
          ) : (
            <p className="text-2xl font-bold">{pricingMoney(pack.priceCents, currency)}</p>
          )}
          <p className="text-xs text-muted-foreground">
            {t(type === 'tokens' ? 'addons.perMillion' : 'addons.perHour', {
              price: pricingMoney(unitCents, currency),
            })}
          </p>
        </div>
      )}
      {canBuy && (
        <Button
          className="mt-auto w-full"
          variant="outline"
          disabled={disabled || processing}
          aria-busy={processing || undefined}
          aria-label={
            processing
              ? t('addons.processingLabel', { pack: pack.name })
              : t('addons.buyPackLabel', { pack: pack.name, quantity })
          }
          onClick={onBuy}
        >
          {processing && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {processing ? t('addons.processing') : t('addons.buy')}
        </Button>
      )}
    </article>
  );
}
