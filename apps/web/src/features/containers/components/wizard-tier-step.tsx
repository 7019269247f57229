import type { ContainerTier } from '@nuvem/contracts/containers';
import { useTranslation } from 'react-i18next';
import type { TierOption } from '../lib/wizard-payload';
import { useTierText } from './use-tier-text';
import { WizardChoiceCards } from './wizard-choice-cards';

/** Step 2: the resource tier, with its resources and monthly cost (spec §9). */
export function WizardTierStep({
  tier,
  error,
  onTierChange,
  tiers,
}: {
  tier: ContainerTier;
  error?: string | undefined;
  onTierChange: (tier: ContainerTier) => void;
  tiers: TierOption[];
}) {
  const { t } = useTranslation('containers');
  const text = useTierText();
  return (
    <WizardChoiceCards
      legend={t('wizard.resources')}
      name="tier"
      columns={3}
      value={tier}
      onChange={onTierChange}
      error={error}
      options={tiers.map((option) => ({
        value: option.id,
        title: text.name(option.id),
        description: text.resources(option),
        aside: text.monthly(option.monthlyUsd),
      }))}
    />
  );
}
