import { EVENTS_PRICE_MAX, EVENTS_PRICE_STEP } from '@nuvem/contracts/events';
import { Slider as SliderPrimitive } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

export interface PriceRangeProps {
  min: number;
  max: number;
  disabled: boolean;
  /** Said in place of the range while the slider is disabled (why it does not apply). */
  disabledReason?: string;
  /** Called when a thumb is let go (not on every step), so the list is asked once per move. */
  onCommit: (range: { min: number; max: number }) => void;
}

const thumbClass =
  'block size-5 cursor-grab rounded-full border border-primary bg-foreground shadow transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[disabled]:cursor-not-allowed';

/**
 * The price slider (spec: 0 to 500, step 10, default 0 to 500), two thumbs each with its own
 * name. Its top means "and above".
 */
export function PriceRange({ min, max, disabled, disabledReason, onCommit }: PriceRangeProps) {
  const { t } = useTranslation('events');
  const format = useFormat();
  const [range, setRange] = useState<[number, number]>([min, max]);
  // A new range from the address (Back, Reset): show it. (Not a remount: a keyboard user keeps focus.)
  const [shown, setShown] = useState<[number, number]>([min, max]);
  if (shown[0] !== min || shown[1] !== max) {
    setShown([min, max]);
    setRange([min, max]);
  }
  const outputId = useId();
  const figure = (value: number) => format.count(value);
  const rangeText = t('filters.price.range', {
    min: figure(range[0]),
    max:
      range[1] >= EVENTS_PRICE_MAX ? t('filters.price.noLimit', { max: figure(EVENTS_PRICE_MAX) }) : figure(range[1]),
  });
  return (
    <div className="flex flex-col gap-3">
      <SliderPrimitive.Root
        className="relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50"
        min={0}
        max={EVENTS_PRICE_MAX}
        step={EVENTS_PRICE_STEP}
        minStepsBetweenThumbs={0}
        value={range}
        disabled={disabled}
        onValueChange={(value) => setRange([value[0] ?? 0, value[1] ?? EVENTS_PRICE_MAX])}
        onValueCommit={(value) => onCommit({ min: value[0] ?? 0, max: value[1] ?? EVENTS_PRICE_MAX })}
      >
        <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-input">
          <SliderPrimitive.Range className="absolute h-full bg-primary" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          className={thumbClass}
          aria-label={t('filters.price.min')}
          aria-describedby={outputId}
          aria-valuetext={figure(range[0])}
        />
        <SliderPrimitive.Thumb
          className={thumbClass}
          aria-label={t('filters.price.max')}
          aria-describedby={outputId}
          aria-valuetext={
            range[1] >= EVENTS_PRICE_MAX
              ? t('filters.price.noLimit', { max: figure(EVENTS_PRICE_MAX) })
              : figure(range[1])
          }
        />
      </SliderPrimitive.Root>
      <output id={outputId} className="text-sm text-muted-foreground">
        {disabled && disabledReason ? disabledReason : rangeText}
      </output>
    </div>
  );
}
