import type { CouponResult } from '@nuvem/contracts/billing';
import { addonTypes, type AddonType, type Pack } from '@nuvem/contracts/pricing';
import { useId } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AddonPacks } from './addon-packs';
import { CustomQuantity } from './custom-quantity';
import { usePricingText } from './pricing-text';
import { RoleRefusalNote } from './role-refusal-note';

export interface AddonsSectionProps {
  /** The tab shown (kept in the page's address). */
  tab: AddonType;
  onTabChange: (tab: AddonType) => void;
  currency: string | null;
  /** The applied coupon when it counts for add-ons. */
  coupon: CouponResult | null;
  /** The purchase running now ('pack:tokens:medium', 'custom:tokens'), if any. */
  processing: string | null;
  disabled: boolean;
  /** Why the role in this organisation cannot buy (then no buy buttons), or null. */
  refusal?: string | null;
  onBuyPack: (type: AddonType, pack: Pack) => void;
  onBuyCustom: (type: AddonType, quantity: number) => void;
}

/** 'Add-ons Personalizados': one tab per add-on type, each with its packs and a custom quantity. */
export function AddonsSection({
  tab,
  onTabChange,
  currency,
  coupon,
  processing,
  disabled,
  refusal = null,
  onBuyPack,
  onBuyCustom,
}: AddonsSectionProps) {
  const t = usePricingText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('addons.heading')}
        </h2>
        <p className="text-muted-foreground">{t('addons.intro')}</p>
      </div>
      {refusal && <RoleRefusalNote text={refusal} />}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = addonTypes.find((type) => type === value);
          if (next) onTabChange(next);
        }}
      >
        <TabsList aria-label={t('addons.heading')}>
          {addonTypes.map((type) => (
            <TabsTrigger key={type} value={type}>
              {t(`addons.tabs.${type}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {addonTypes.map((type) => {
          const packPrefix = `pack:${type}:`;
          return (
            // The panel is a Tab stop (Radix): it shows where the focus is, as the other controls do.
            <TabsContent
              key={type}
              value={type}
              className="flex flex-col gap-4 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              <h3 className="sr-only">{t('addons.packsHeading', { type: t(`addons.tabs.${type}`) })}</h3>
              <AddonPacks
                type={type}
                currency={currency}
                coupon={coupon}
                processingPack={processing?.startsWith(packPrefix) ? processing.slice(packPrefix.length) : null}
                disabled={disabled}
                canBuy={refusal === null}
                onBuy={(pack) => onBuyPack(type, pack)}
              />
              <CustomQuantity
                type={type}
                currency={currency}
                coupon={coupon}
                processing={processing === `custom:${type}`}
                disabled={disabled}
                canBuy={refusal === null}
                onBuy={(quantity) => onBuyCustom(type, quantity)}
              />
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}
