import { SearchIcon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cities, type City } from '@/features/maps/lib/cities';
import { searchCities } from '@/features/maps/lib/city-search';
import { cn } from '@/lib/utils';

interface CityComboboxProps {
  /** The accessible name of the text box, also shown as its label. */
  label: string;
  placeholder?: string;
  /** The chosen city, shown in the box when it changes from outside. */
  selected: City | null;
  onSelect: (city: City) => void;
  /** Hide the label visually (it stays the box's accessible name). */
  hideLabel?: boolean;
  className?: string;
}

/** A WAI-ARIA combobox (list autocomplete) over the bundled cities. */
export function CityCombobox({
  label,
  placeholder,
  selected,
  onSelect,
  hideLabel = false,
  className,
}: CityComboboxProps) {
  const { t } = useTranslation('maps');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [query, setQuery] = useState(selected?.name ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  // Follow a selection made elsewhere (the Explore button) without remounting, so focus stays.
  const [shownSelection, setShownSelection] = useState(selected);
  if (shownSelection !== selected) {
    setShownSelection(selected);
    setQuery(selected?.name ?? '');
    setOpen(false);
  }

  const results = searchCities(cities, query);
  const expanded = open && results.length > 0;
  const active = expanded ? results[Math.min(activeIndex, results.length - 1)] : undefined;
  const optionId = (city: City) => `${id}-option-${city.id}`;
  const showNoMatch = open && results.length === 0 && query.trim() !== '';

  function choose(city: City) {
    setQuery(city.name);
    setOpen(false);
    setShownSelection(city);
    onSelect(city);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (count === 0) return;
        setActiveIndex(open ? (activeIndex + 1) % count : 0);
        setOpen(true);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (count === 0) return;
        setActiveIndex(open ? (activeIndex - 1 + count) % count : count - 1);
        setOpen(true);
        break;
      case 'Enter':
        if (active) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className={cn('relative grid gap-1.5', className)}>
      <label htmlFor={inputId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active) : undefined}
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
          }}
          className="flex h-10 w-full rounded-md border border-input bg-glass py-1 pr-3 pl-9 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('combobox.results', { label })}
        hidden={!expanded}
        className="glass-strong absolute top-full right-0 left-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-md bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {expanded &&
          results.map((city) => {
            const isActive = city === active;
            return (
              <li
                key={city.id}
                id={optionId(city)}
                role="option"
                aria-selected={isActive}
                ref={(node) => {
                  if (isActive && node && 'scrollIntoView' in node) node.scrollIntoView({ block: 'nearest' });
                }}
                // Keep focus in the text box while the pointer picks an option.
                onMouseDown={(event) => {
                  event.preventDefault();
                }}
                onClick={() => {
                  choose(city);
                }}
                className={cn(
                  'flex cursor-pointer items-baseline justify-between gap-3 rounded-sm px-2 py-1.5 text-sm',
                  isActive && 'bg-primary text-primary-foreground',
                )}
              >
                <span className="truncate font-medium">{city.name}</span>
                <span className={cn('shrink-0 text-xs', isActive ? 'opacity-80' : 'text-muted-foreground')}>
                  {city.country}
                </span>
              </li>
            );
          })}
      </ul>
      {showNoMatch && (
        <p className="glass-strong absolute top-full right-0 left-0 z-20 mt-1 rounded-md bg-popover p-2 text-sm text-muted-foreground">
          {t('combobox.noMatch', { query: query.trim() })}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {open && query.trim() !== '' ? t('combobox.found', { count: results.length }) : ''}
      </p>
    </div>
  );
}
