import type { ContainerTier } from '@nuvem/contracts/containers';
import { formatMonthlyCost, formatResources, type TierOption } from '../lib/wizard-payload';
import { WizardChoiceCards } from './wizard-choice-cards';

export function tierTitle(tier: ContainerTier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** Step 2: the resource tier, with its resources and monthly cost (spec §9). */
export function WizardTierStep({
  tier,
  onTierChange,
  tiers,
}: {
  tier: ContainerTier;
  onTierChange: (tier: ContainerTier) => void;
  tiers: TierOption[];
}) {
  return (
    <WizardChoiceCards
      legend="Resources"
      name="tier"
      columns={3}
      value={tier}
      onChange={onTierChange}
      options={tiers.map((t) => ({
        value: t.id,
        title: tierTitle(t.id),
        description: formatResources(t),
        aside: formatMonthlyCost(t.monthlyUsd),
      }))}
    />
  );
}
