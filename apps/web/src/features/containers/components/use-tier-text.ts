import type { ContainerTier } from '@nuvem/contracts/containers';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import type { TierOption } from '../lib/wizard-payload';

/** A tier's name, resources and monthly cost in words, in the language in use. */
export function useTierText() {
  const { t } = useTranslation('containers');
  const f = useFormat();
  const name = (tier: ContainerTier) => t(`tiers.${tier}`);
  const resources = (tier: Pick<TierOption, 'cpu' | 'memoryGb' | 'diskGb'>) =>
    t('tier.resources', { cpu: f.number(tier.cpu), memory: f.number(tier.memoryGb), disk: f.number(tier.diskGb) });
  const monthly = (usd: number) => t('tier.perMonth', { price: f.currency(usd, 'USD') });
  /** 'Large — 2 vCPU · 4 GB RAM · 100 GB disk · $20/month', marked '(current)' when it is. */
  const option = (tier: TierOption, current = false) =>
    t('tier.option', {
      tier: current ? t('tier.current', { tier: name(tier.id) }) : name(tier.id),
      resources: resources(tier),
      cost: monthly(tier.monthlyUsd),
    });
  return { name, resources, monthly, option };
}
