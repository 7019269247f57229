import { EVENTS_SEARCH_DEBOUNCE_MS, eventSorts, type EventSort } from '@nuvem/contracts/events';
import { LayoutGridIcon, ListIcon, SearchIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ViewMode } from '../lib/event-filters';

/**
 * The hero's search box: the text is applied to the filters 500 ms after typing stops (spec), and
 * follows the address when it changes otherwise (Back, Reset, a shared link).
 */
export function SearchBox({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('events');
  const [text, setText] = useState(search);
  const [applied, setApplied] = useState(search);
  const apply = useEffectEvent((next: string) => onSearch(next));

  if (search !== applied) {
    setApplied(search);
    setText(search);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === applied) return;
    const timer = window.setTimeout(() => {
      setApplied(next);
      apply(next);
    }, EVENTS_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, applied]);

  return (
    <div role="search" className="relative w-full max-w-2xl">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={text}
        maxLength={200}
        aria-label={t('hero.searchLabel')}
        placeholder={t('hero.searchPlaceholder')}
        className="h-12 rounded-full pr-4 pl-12 text-sm sm:text-base"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}

/** The sort order of the list (relevance only while searching). */
export function SortSelect({
  sort,
  options,
  onSort,
}: {
  sort: EventSort;
  options: readonly EventSort[];
  onSort: (sort: EventSort) => void;
}) {
  const { t } = useTranslation('events');
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm whitespace-nowrap text-muted-foreground">
        {t('results.sortLabel')}
      </span>
      <Select
        value={sort}
        onValueChange={(value) => {
          const next = eventSorts.find((item) => item === value);
          if (next) onSort(next);
        }}
      >
        <SelectTrigger aria-labelledby={labelId} className="w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((item) => (
            <SelectItem key={item} value={item}>
              {t(`results.sort.${item}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Grid or list. */
export function ViewToggle({ view, onView }: { view: ViewMode; onView: (view: ViewMode) => void }) {
  const { t } = useTranslation('events');
  const options = [
    ['grid', LayoutGridIcon, t('results.view.grid')],
    ['list', ListIcon, t('results.view.list')],
  ] as const;
  return (
    <div role="group" aria-label={t('results.view.label')} className="glass flex rounded-md p-0.5">
      {options.map(([value, Icon, label]) => (
        <Button
          key={value}
          variant={view === value ? 'secondary' : 'ghost'}
          size="icon"
          className="size-8"
          aria-pressed={view === value}
          aria-label={label}
          title={label}
          onClick={() => onView(value)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
