import type { CouponResult, QuoteResponse } from '@nuvem/contracts/billing';
import { addonLimits, bands, quoteCustom, type AddonType, type Quote } from '@nuvem/contracts/pricing';
import { Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Slider } from '@/components/ui/slider';
import { useCustomQuote } from '../api/calculate-price';
import { ColumnHeads } from './billing-panel';
import { quantityText, usePricingMoney, usePricingText } from './pricing-text';
import { useDebouncedValue } from './use-debounced-value';

/** The server is asked for a quote once the slider has rested this long. */
export const QUOTE_DEBOUNCE_MS = 300;

/** Where each slider starts: the size of the first price band (10M tokens, 5 h, 8 h). */
export function startingQuantity(type: AddonType): number {
  return bands[type][0]?.size ?? addonLimits[type].min;
}

export interface CustomQuantityProps {
  type: AddonType;
  currency: string | null;
  coupon: CouponResult | null;
  processing: boolean;
  /** Buying is not possible now (another purchase runs); the slider still works. */
  disabled: boolean;
  /** false: the role in this organisation cannot buy (the section says why): the figures, no buy button. */
  canBuy?: boolean;
  onBuy: (quantity: number) => void;
}

/**
 * A custom quantity of one add-on: a slider (and a number field for typing it), the total at the
 * graduated bands and the band breakdown. The figure is the server's quote; while it is on its
 * way the same pure function the server uses gives an instant estimate, marked as such.
 */
export function CustomQuantity({
  type,
  currency,
  coupon,
  processing,
  disabled,
  canBuy = true,
  onBuy,
}: CustomQuantityProps) {
  const t = usePricingText();
  const pricingMoney = usePricingMoney();
  const limits = addonLimits[type];
  const [quantity, setQuantity] = useState(() => startingQuantity(type));
  const [draft, setDraft] = useState<string | null>(null);
  const settled = useDebouncedValue(quantity, QUOTE_DEBOUNCE_MS);
  const headingId = useId();
  const sliderLabelId = useId();
  const inputId = useId();
  const totalId = useId();

  const server = useCustomQuote({ type, quantity: settled, couponCode: coupon?.code });
  const fresh = server.data !== undefined && !server.isPlaceholderData && settled === quantity;
  const shown: Quote | QuoteResponse = fresh ? server.data : quoteCustom(type, quantity, coupon?.percentOff ?? 0);
  const quantityLabel = quantityText(t, type, quantity);

  const clamp = (value: number) => Math.min(limits.max, Math.max(limits.min, Math.round(value)));
  const commitDraft = () => {
    if (draft === null) return;
    const value = Number(draft);
    if (draft.trim() !== '' && Number.isFinite(value)) setQuantity(clamp(value));
    setDraft(null);
  };

  return (
    <section aria-labelledby={headingId} className="glass flex flex-col gap-4 rounded-lg p-4 sm:p-5">
      <h4 id={headingId} className="font-semibold">
        {t('addons.custom.heading')}
      </h4>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <span id={sliderLabelId} className="text-sm font-medium">
            {t(`addons.custom.sliderLabel.${type}`)}
          </span>
          <div className="flex items-center gap-2">
            <Label htmlFor={inputId} className="sr-only">
              {t(`addons.custom.sliderLabel.${type}`)}
            </Label>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={limits.min}
              max={limits.max}
              step={limits.step}
              value={draft ?? String(quantity)}
              onChange={(event) => {
                setDraft(event.target.value);
                const value = Number(event.target.value);
                if (
                  event.target.value.trim() !== '' &&
                  Number.isInteger(value) &&
                  value >= limits.min &&
                  value <= limits.max
                ) {
                  setQuantity(value);
                }
              }}
              onBlur={commitDraft}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitDraft();
              }}
              className="w-24 text-right"
            />
            <span className="min-w-24 text-sm text-muted-foreground" aria-hidden="true">
              {type === 'tokens' ? t('addons.custom.unitTokens') : t('addons.custom.unitHours')}
            </span>
          </div>
        </div>
        <Slider
          min={limits.min}
          max={limits.max}
          step={limits.step}
          value={[quantity]}
          onValueChange={([value]) => {
            if (value !== undefined) {
              setQuantity(value);
              setDraft(null);
            }
          }}
          aria-labelledby={sliderLabelId}
          aria-valuetext={quantityLabel}
        />
        <p className="flex justify-between text-xs text-muted-foreground">
          <span>{quantityText(t, type, limits.min)}</span>
          <span>{quantityText(t, type, limits.max)}</span>
        </p>
      </div>

      {currency === null ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="flex flex-col gap-3">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('addons.custom.bandsCaption', { quantity: quantityLabel })}</caption>
            <ColumnHeads
              className="text-xs text-muted-foreground"
              columns={[
                { label: t('addons.custom.bandColumn'), className: 'pb-1 text-left font-medium' },
                { label: t('addons.custom.unitColumn'), className: 'pb-1 text-right font-medium' },
                { label: t('addons.custom.amountColumn'), className: 'pb-1 text-right font-medium' },
              ]}
            />
            <tbody>
              {shown.lines.map((line) => (
                <tr key={line.from} className="border-t border-glass-border">
                  <td className="py-1">
                    {t('addons.custom.band', {
                      from: line.from,
                      to: line.to,
                      units: line.units,
                    })}
                  </td>
                  <td className="py-1 text-right tabular-nums">{pricingMoney(line.unitCents, currency)}</td>
                  <td className="py-1 text-right tabular-nums">{pricingMoney(line.amountCents, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <dl className="flex flex-col gap-1 border-t border-glass-border pt-3 text-sm">
            {shown.discountCents > 0 && (
              <>
                <div className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">{t('addons.custom.subtotal')}</dt>
                  <dd className="tabular-nums">{pricingMoney(shown.subtotalCents, currency)}</dd>
                </div>
                <div className="flex justify-between gap-2 text-success">
                  <dt>{t('addons.custom.discount', { code: coupon?.code ?? '', percent: shown.percentOff })}</dt>
                  <dd className="tabular-nums">−{pricingMoney(shown.discountCents, currency)}</dd>
                </div>
              </>
            )}
            <div className="flex items-baseline justify-between gap-2">
              <dt className="font-semibold">{t('addons.custom.total')}</dt>
              <dd id={totalId} aria-live="polite" className="text-2xl font-bold tabular-nums">
                {pricingMoney(shown.totalCents, currency)}
              </dd>
            </div>
          </dl>
          <p className="min-h-4 text-xs text-muted-foreground" aria-live="polite">
            {fresh
              ? ''
              : server.isError && settled === quantity
                ? t('addons.custom.quoteFailed')
                : t('addons.custom.estimate')}
          </p>
        </div>
      )}

      {canBuy && (
        <Button
          disabled={disabled || processing}
          aria-busy={processing || undefined}
          aria-describedby={totalId}
          onClick={() => onBuy(quantity)}
        >
          {processing && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {processing ? t('addons.processing') : t('addons.custom.buy', { quantity: quantityLabel })}
        </Button>
      )}
    </section>
  );
}
