import { tierNames, type ContainerTier } from '@nuvem/contracts/containers';
import type { Ref } from 'react';
import type { FieldControlProps } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTierOptions } from '../api/get-container-catalogue';
import { useTierText } from './use-tier-text';

export interface TierSelectProps {
  /** The field's label, hint and error ties (from FormField). */
  control: FieldControlProps;
  value: ContainerTier;
  onChange: (tier: ContainerTier) => void;
  /** The form field's ref (react-hook-form focuses the choice on an error). */
  triggerRef: Ref<HTMLButtonElement>;
  /** The container's tier now, marked '(current)' among the options. */
  current?: ContainerTier;
  className?: string;
}

/** A choice of tier, each option with its resources and monthly cost (Scale dialog, Settings tab). */
export function TierSelect({ control, value, onChange, triggerRef, current, className }: TierSelectProps) {
  const tiers = useTierOptions();
  const text = useTierText();
  return (
    <Select
      value={value}
      onValueChange={(value) => {
        const chosen = tierNames.find((name) => name === value);
        if (chosen) onChange(chosen);
      }}
    >
      <SelectTrigger {...control} ref={triggerRef} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {tiers.map((option) => (
          <SelectItem key={option.id} value={option.id}>
            {text.option(option, option.id === current)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
