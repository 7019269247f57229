import { eventWhens, type EventsListResponse, type EventWhen } from '@nuvem/contracts/events';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { EventFilters, EventType } from '../lib/event-filters';
import { PriceRange } from './price-range';
import { useEventText } from './use-event-text';

export interface EventsFilterPanelProps {
  filters: EventFilters;
  /** The categories with their counts (every other filter applied); the section shows only if any exist. */
  categories: EventsListResponse['categories'];
  onChange: (change: Partial<EventFilters>) => void;
  onReset: () => void;
}

const radioClass = 'size-4 cursor-pointer accent-primary disabled:cursor-not-allowed';
const rowClass = 'flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1 text-sm hover:bg-glass-strong';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1 border-t border-glass-border pt-4">
      <legend className="float-left mb-2 w-full text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The filter panel (spec, "Filter panel"): When, Category (single choice, with counts), Event Type,
 * and the price range with 'Free Events Only'. Every control is a native input, so the keyboard
 * and screen readers work as everywhere else.
 */
export function EventsFilterPanel({ filters, categories, onChange, onReset }: EventsFilterPanelProps) {
  const { t } = useTranslation('events');
  const text = useEventText();
  const headingId = useId();
  // Each panel's radios have their own group name (two panels must never share one).
  const name = useId();
  const typeValue: EventType | 'all' = filters.type ?? 'all';
  // The chosen category stays listed when nothing matches it (0), so it can be unchecked there.
  const listed =
    filters.category && !categories.some((category) => category.value === filters.category)
      ? [...categories, { value: filters.category, count: 0 }]
      : categories;
  const typeOptions = [
    ['all', t('filters.type.all')],
    ['online', t('filters.type.online')],
    ['in-person', t('filters.type.inPerson')],
  ] as const;

  return (
    <section aria-labelledby={headingId} className="glass flex flex-col gap-4 rounded-xl p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('filters.heading')}
        </h2>
        <Button variant="link" size="sm" className="px-0" onClick={onReset}>
          {t('filters.resetAll')}
        </Button>
      </div>

      <Group legend={t('filters.when.legend')}>
        {([null, ...eventWhens] as (EventWhen | null)[]).map((when) => (
          <label key={when ?? 'any'} className={rowClass}>
            <input
              type="radio"
              className={radioClass}
              name={`${name}-when`}
              checked={filters.when === when}
              onChange={() => onChange({ when })}
            />
            {when ? t(`filters.when.${when}`) : t('filters.when.any')}
          </label>
        ))}
      </Group>

      {listed.length > 0 && (
        <Group legend={t('filters.category.legend')}>
          {listed.map((category) => {
            const countId = `${name}-category-${category.value}`;
            return (
              <div key={category.value} className={`${rowClass} justify-between`}>
                <label className="flex flex-1 cursor-pointer items-center gap-2.5">
                  <input
                    type="checkbox"
                    className={radioClass}
                    checked={filters.category === category.value}
                    aria-describedby={countId}
                    onChange={(event) => onChange({ category: event.target.checked ? category.value : null })}
                  />
                  {text.category(category.value)}
                </label>
                <span id={countId} className="text-xs text-muted-foreground tabular-nums">
                  <span aria-hidden="true">{text.count(category.count)}</span>
                  <span className="sr-only">
                    {t('filters.category.count', { count: category.count, n: text.count(category.count) })}
                  </span>
                </span>
              </div>
            );
          })}
        </Group>
      )}

      <Group legend={t('filters.type.legend')}>
        {typeOptions.map(([value, label]) => (
          <label key={value} className={rowClass}>
            <input
              type="radio"
              className={radioClass}
              name={`${name}-type`}
              checked={typeValue === value}
              onChange={() => onChange({ type: value === 'all' ? null : value })}
            />
            {label}
          </label>
        ))}
      </Group>

      <Group legend={t('filters.price.legend')}>
        <p className="mb-2 text-xs text-muted-foreground">{t('filters.price.note')}</p>
        <PriceRange
          min={filters.priceMin}
          max={filters.priceMax}
          disabled={filters.freeOnly}
          disabledReason={t('filters.price.freeOnlyNote')}
          onCommit={({ min, max }) => onChange({ priceMin: min, priceMax: max })}
        />
        <label className={`${rowClass} mt-2`}>
          <input
            type="checkbox"
            className={radioClass}
            checked={filters.freeOnly}
            onChange={(event) => onChange({ freeOnly: event.target.checked })}
          />
          {t('filters.price.freeOnly')}
        </label>
      </Group>
    </section>
  );
}
