import type { EventListItem } from '@nuvem/contracts/events';
import { SearchIcon, SlidersHorizontalIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useEvents, useEventsAvailable } from '../api/get-events';
import { isKnownCategory } from '../lib/event-display';
import {
  activeFilterCount,
  effectiveSort,
  pageInRange,
  parseEventsAddress,
  sortOptions,
  writeEventsAddress,
  type AddressChange,
  type EventFilters,
} from '../lib/event-filters';
import type { EventViewer } from '../lib/event-viewer';
import { EventCard, EventCardSkeleton } from './event-card';
import { EventQuickView } from './event-quick-view';
import { SortSelect, ViewToggle } from './events-controls';
import { EventsFilterPanel } from './events-filter-panel';
import { EventsHero } from './events-hero';
import { EventsPager } from './events-pager';
import { PageTitle } from '@/components/layouts/page-title';

const SKELETON_CARDS = 4;

/**
 * The events list screen (spec, "Events list screen"). Its state lives in the address, so a
 * filtered list can be shared and Back undoes a change; any filter, sort or search change goes
 * back to page 1.
 */
export function EventsPage({ viewer }: { viewer: EventViewer }) {
  const { t } = useTranslation('events');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  // The router applies a new address in a transition; until it lands, the screen shows the change
  // already (a radio or checkbox answers the click at once instead of springing back).
  const key = params.toString();
  const [pending, setPending] = useState<{ base: string; next: URLSearchParams } | null>(null);
  if (pending && pending.base !== key) setPending(null); // landed (or Back): the address rules again
  const current = pending && pending.base === key ? pending.next : params;
  const { filters, page, view } = useMemo(() => parseEventsAddress(current), [current]);
  const [selected, setSelected] = useState<{ event: EventListItem; opener: HTMLElement } | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const resultsId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const countRef = useRef<HTMLParagraphElement>(null);

  const change = useCallback(
    (next: AddressChange) => {
      const address = writeEventsAddress(current, next);
      setPending({ base: key, next: address });
      setParams(address);
    },
    [current, key, setParams],
  );
  const changeFilters = useCallback((next: Partial<EventFilters>) => change({ filters: next }), [change]);

  const list = useEvents(filters, page);
  // After the list's query, so the list is asked for first.
  const available = useEventsAvailable();
  const data = list.data;
  const settled = data && !list.isPlaceholderData && data.page === page ? data : null;
  // A page past the end (an old link, a list that shrank): the last page replaces it in history,
  // so Back does not return to an empty page.
  const inRange = settled ? pageInRange(page, settled.total_pages) : null;
  // (The router's navigation is the outside system here; no pending state is needed for it.)
  const toLastPage = useEffectEvent((last: number) =>
    setParams(writeEventsAddress(current, { page: last }), { replace: true }),
  );
  useEffect(() => {
    if (inRange !== null) toLastPage(inRange);
  }, [inRange]);
  const loading = list.isPending || (list.isPlaceholderData && list.isFetching) || inRange !== null;
  const failed = list.isError && !list.isFetching;
  const active = activeFilterCount(filters);
  // A category from the address that the catalogue does not have: said, with a way to drop it.
  const strayCategory =
    filters.category &&
    settled &&
    !isKnownCategory(filters.category) &&
    !settled.categories.some((category) => category.value === filters.category)
      ? filters.category
      : null;

  /** The phone's 'Show N results': folds the filters away and brings the results into view. */
  const showResults = () => {
    flushSync(() => setFiltersOpen(false));
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    countRef.current?.focus({ preventScroll: true });
  };

  // A smooth scroll started on the click can be cut short when the new page's cards replace the
  // old ones (the page's height and scroll anchor change under it, and a busy browser drops the
  // animation): scroll again once they are in, and if that is cut short too, finish it at once,
  // unless the reader has taken over the scrolling meanwhile.
  const scrollAfterPage = useRef<number | null>(null);
  const goToPage = (next: number) => {
    change({ page: next });
    scrollAfterPage.current = next;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const settledPage = settled?.page ?? null;
  useEffect(() => {
    if (settledPage === null || scrollAfterPage.current !== settledPage) return;
    scrollAfterPage.current = null;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    const taken = ['wheel', 'touchstart', 'keydown'] as const;
    const stop = () => {
      clearTimeout(timer);
      for (const type of taken) window.removeEventListener(type, stop);
    };
    const timer = setTimeout(() => {
      stop();
      if (window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'instant' });
    }, 800);
    for (const type of taken) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [settledPage]);

  let results;
  if (failed) {
    results = (
      <div role="alert" className="glass flex flex-col items-center gap-4 rounded-xl p-8 text-center">
        <p>{t('results.loadFailed')}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {t('results.retry')}
        </Button>
      </div>
    );
  } else if (loading || !data) {
    results = (
      <div className={cn('grid gap-4', view === 'grid' && 'md:grid-cols-2')}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <EventCardSkeleton key={index} view={view} />
        ))}
      </div>
    );
  } else if (data.events.length === 0) {
    results = (
      <div className="glass flex flex-col items-center gap-3 rounded-xl p-10 text-center">
        <SearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold">{t('results.empty')}</h3>
        <p className="text-muted-foreground">{t('results.emptyHint')}</p>
        <Button variant="outline" onClick={() => change({ reset: true })}>
          {t('results.resetFilters')}
        </Button>
      </div>
    );
  } else {
    results = (
      <ul aria-label={t('results.listLabel')} className={cn('grid gap-4', view === 'grid' && 'md:grid-cols-2')}>
        {data.events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} view={view} onOpen={(open, opener) => setSelected({ event: open, opener })} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle>{t('title')}</PageTitle>
      <EventsHero search={filters.search} onSearch={(search) => changeFilters({ search })} available={available.data} />

      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="flex flex-col gap-3">
          <Button
            variant="outline"
            className="justify-between lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <span className="inline-flex items-center gap-2">
              <SlidersHorizontalIcon aria-hidden="true" />
              {filtersOpen ? t('filters.hide') : t('filters.show')}
            </span>
            {active > 0 && <Badge>{t('filters.active', { count: active, n: format.count(active) })}</Badge>}
          </Button>
          <div id={panelId} className={cn(!filtersOpen && 'hidden', 'lg:block')}>
            <EventsFilterPanel
              filters={filters}
              categories={data?.categories ?? []}
              onChange={changeFilters}
              onReset={() => change({ reset: true })}
            />
            <Button className="mt-3 w-full lg:hidden" onClick={showResults}>
              {data && !failed && !loading
                ? t('filters.showResultsCount', { count: data.total, n: format.count(data.total) })
                : t('filters.showResults')}
            </Button>
          </div>
        </aside>

        <section ref={resultsRef} aria-labelledby={resultsId} className="flex min-w-0 scroll-mt-20 flex-col gap-4">
          {/* Headings go 1, 2, 3 whether or not the filters (a level 2) are shown: the cards are 3s. */}
          <h2 className="sr-only">{t('results.heading')}</h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p
              ref={countRef}
              id={resultsId}
              tabIndex={-1}
              className="text-base font-medium focus-visible:outline-none"
              role="status"
            >
              {/* The error says itself below: no count, and no 'Loading...' that never ends. */}
              {failed
                ? null
                : loading || !data
                  ? t('results.loading')
                  : t('results.found', { count: data.total, n: format.count(data.total) })}
            </p>
            <div className="flex items-center gap-2">
              <SortSelect
                sort={effectiveSort(filters)}
                options={sortOptions(filters.search)}
                onSort={(sort) => changeFilters({ sort })}
              />
              <ViewToggle view={view} onView={(next) => change({ view: next })} />
            </div>
          </div>
          {strayCategory && (
            <p className="glass flex items-center gap-1 self-start rounded-full py-1 pr-1 pl-3 text-sm">
              {t('filters.category.unknown', { slug: strayCategory })}
              <Button
                variant="ghost"
                size="icon"
                className="size-6 rounded-full"
                aria-label={t('filters.category.remove')}
                title={t('filters.category.remove')}
                onClick={() => changeFilters({ category: null })}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </p>
          )}
          {results}
          {data && !failed && <EventsPager page={page} totalPages={data.total_pages} onPage={goToPage} />}
        </section>
      </div>

      <EventQuickView
        event={selected?.event ?? null}
        opener={selected?.opener ?? null}
        viewer={viewer}
        listHref={paths.events.getHref(current)}
        onClose={() => setSelected(null)}
      />
    </main>
  );
}
