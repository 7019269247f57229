import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { EventsPage } from './events-page';
import { detail, listItem, listReply, renderAt } from './events-fixtures.testing';

const LIST = 'GET /api/public/events/list';
const viewer = { id: null, ready: true };
const fado = listItem();
const summit = listItem({
  id: 'evt_2',
  title: 'Cloud Summit',
  category: 'tech-conference',
  cover_image_url: null,
  location: { is_online: true, city: null, venue: null, display: 'Online Event' },
  pricing: { currency: 'EUR', min_price: 0, max_price: 0, is_free: true },
  attendee_count: 0,
  tickets_available: 0,
});

function renderEvents(path = '/events', list: FetchHandler = reply(listReply([fado, summit]))) {
  const fetchSpy = mockFetch({ [LIST]: list, 'GET /api/public/events/evt_1': reply(detail()) });
  const view = renderAt(path, <EventsPage viewer={viewer} />);
  const requests = () =>
    fetchCalls(fetchSpy, LIST).map((call) => new URL(call.url, window.location.origin).searchParams);
  const lastRequest = () => requests().at(-1)!;
  const address = () => new URL(screen.getByTestId('address').textContent, window.location.origin);
  return { ...view, fetchSpy, requests, lastRequest, address };
}

describe('the events list screen', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    window.scrollTo = scrollTo;
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows four skeleton cards and Loading... first, then the cards and the count', async () => {
    renderEvents();
    expect(screen.getAllByTestId('event-card-skeleton')).toHaveLength(4);
    expect(screen.getByText('Loading...')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('2 events found')).toBeInTheDocument();
    expect(screen.queryByTestId('event-card-skeleton')).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText('Where Moments Become Memories')).toBeInTheDocument();
    expect(screen.getByText('Discover Amazing Experiences')).toBeInTheDocument();
    expect(screen.getByText('Multiple Locations')).toBeInTheDocument();
    expect(screen.getByText('2 events available')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveAttribute(
      'placeholder',
      'Search events, venues, or organizers...',
    );
    const list = screen.getByRole('list', { name: 'Events' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    // Heading levels never skip (Lighthouse's heading-order), filters shown or not: 1, 2, then 3s.
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, i) => expect(level - (i === 0 ? 0 : (levels[i - 1] ?? 0))).toBeLessThanOrEqual(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toBeInTheDocument();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('asks for page 1 of 12, sorted by date, with no filter set', async () => {
    const { lastRequest } = renderEvents();
    await screen.findByText('2 events found');
    expect(Object.fromEntries(lastRequest())).toEqual({ page: '1', limit: '12', sort: 'date' });
  });

  it('applies the search 500 ms after typing stops, into the address and back to page 1', async () => {
    const { requests, address } = renderEvents('/events?page=2');
    await screen.findByText('2 events found');
    const box = screen.getByRole('searchbox', { name: 'Search events' });
    await userEvent.type(box, 'fado');
    // Typing alone asks nothing yet.
    expect(requests().some((query) => query.has('search'))).toBe(false);
    await waitFor(() => expect(address().searchParams.get('search')).toBe('fado'), { timeout: 2000 });
    expect(address().searchParams.get('page')).toBeNull();
    await waitFor(() => expect(requests().at(-1)?.get('search')).toBe('fado'));
    expect(requests().at(-1)?.get('page')).toBe('1');
    // One request for the settled text, none for 'f', 'fa', 'fad'.
    expect(requests().filter((query) => query.has('search'))).toHaveLength(1);
  });

  it('filters by When, category (one at a time, unchecking clears it), type, price and free', async () => {
    const { lastRequest, address } = renderEvents('/events?page=3');
    await screen.findByText('2 events found');

    await userEvent.click(screen.getByRole('radio', { name: 'Tomorrow' }));
    await waitFor(() => expect(lastRequest().get('date_from')).not.toBeNull());
    expect(address().searchParams.get('when')).toBe('tomorrow');
    expect(address().searchParams.get('page')).toBeNull();
    expect(lastRequest().get('page')).toBe('1');

    const live = await screen.findByRole('checkbox', { name: 'Live Music' });
    expect(live).toHaveAccessibleDescription('18 events');
    await userEvent.click(live);
    await waitFor(() => expect(lastRequest().get('category')).toBe('live-music'));
    expect(screen.getByRole('checkbox', { name: 'Live Music' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tech Conference' }));
    await waitFor(() => expect(lastRequest().get('category')).toBe('tech-conference'));
    expect(screen.getByRole('checkbox', { name: 'Live Music' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tech Conference' }));
    await waitFor(() => expect(address().searchParams.get('category')).toBeNull());

    await userEvent.click(screen.getByRole('radio', { name: 'Online Only' }));
    await waitFor(() => expect(lastRequest().get('is_online')).toBe('true'));
    await userEvent.click(screen.getByRole('radio', { name: 'In-Person Only' }));
    await waitFor(() => expect(lastRequest().get('is_online')).toBe('false'));

    // The price slider filters for real: the keyboard moves a thumb, letting go applies it.
    const lowest = screen.getByRole('slider', { name: 'Lowest price' });
    lowest.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(lastRequest().get('price_min')).toBe('20'));
    expect(address().searchParams.get('price_min')).toBe('20');
    expect(screen.getByText('20 to 500 or more')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Free Events Only' }));
    await waitFor(() => expect(lastRequest().get('is_free')).toBe('true'));
    expect(lastRequest().get('price_min')).toBeNull();
    // The price range does not apply: it leaves the address, and the slider says why it is off.
    expect(address().searchParams.get('price_min')).toBeNull();
    expect(address().searchParams.get('free')).toBe('1');
    const slider = screen.getByRole('slider', { name: 'Lowest price' });
    expect(slider).toHaveAttribute('data-disabled');
    expect(slider).toHaveAccessibleDescription('Free events only: the price range does not apply.');
    expect(screen.getByText('Filters the results by ticket price, in each event’s currency.')).toBeInTheDocument();
  });

  it('shows the categories only when there are some', async () => {
    renderEvents('/events', reply(listReply([fado], { categories: [] })));
    await screen.findByText('1 event found');
    expect(screen.queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'When' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Event Type' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Price Range' })).toBeInTheDocument();
  });

  it("sorts a search by relevance until another sort is chosen, and offers 'Relevance' only then", async () => {
    const { requests, address } = renderEvents('/events?search=fado');
    // (The hero's 'events available' asks for the whole list too: only the searched ones count.)
    const searched = () => requests().filter((query) => query.has('search'));
    await screen.findByText('2 events found');
    expect(searched().at(-1)?.get('sort')).toBe('relevance');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveTextContent('Relevance');
    expect(address().searchParams.get('sort')).toBeNull();
    await userEvent.click(sort);
    await userEvent.click(await screen.findByRole('option', { name: 'Upcoming' }));
    await waitFor(() => expect(searched().at(-1)?.get('sort')).toBe('date'));
    // Chosen: kept in the address, so the search stays sorted by date.
    expect(address().searchParams.get('sort')).toBe('date');

    await userEvent.clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(address().searchParams.get('search')).toBeNull(), { timeout: 2000 });
    expect(address().searchParams.get('sort')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(await screen.findByRole('option', { name: 'Upcoming' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Relevance' })).not.toBeInTheDocument();
  });

  it("reads 'sort=relevance' without a search as date", async () => {
    const { requests } = renderEvents('/events?sort=relevance');
    await screen.findByText('2 events found');
    expect(requests().map((query) => query.get('sort'))).not.toContain('relevance');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Upcoming');
  });

  it('sorts (Upcoming by default), and the sort goes back to page 1', async () => {
    const { lastRequest, address } = renderEvents('/events?page=2');
    await screen.findByText('2 events found');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveTextContent('Upcoming');
    await userEvent.click(sort);
    await userEvent.click(await screen.findByRole('option', { name: 'Price: low to high' }));
    await waitFor(() => expect(lastRequest().get('sort')).toBe('price_low'));
    expect(address().searchParams.get('sort')).toBe('price_low');
    expect(address().searchParams.get('page')).toBeNull();
  });

  it('toggles the grid and list views', async () => {
    const { address } = renderEvents();
    await screen.findByText('2 events found');
    const grid = screen.getByRole('button', { name: 'Grid view' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Events' })).toHaveClass('md:grid-cols-2');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Events' })).not.toHaveClass('md:grid-cols-2');
    expect(address().searchParams.get('view')).toBe('list');
  });

  it('pages with at most five numbered buttons, and scrolls smoothly to the top', async () => {
    const { lastRequest, address } = renderEvents(
      '/events',
      reply(listReply([fado, summit], { total: 300, total_pages: 25 })),
    );
    await screen.findByText('300 events found');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).getByText('Page 1 of 25')).toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastRequest().get('page')).toBe('3'));
    expect(address().searchParams.get('page')).toBe('3');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' }),
    );
    await waitFor(() => expect(lastRequest().get('page')).toBe('4'));
  });

  it('replaces a page past the end with the last page, in place in history', async () => {
    const { router, lastRequest, address } = renderEvents('/events?page=99&category=live-music', (url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(listReply(page === 22 ? [fado] : [], { total: 262, page, total_pages: 22 }));
    });
    await waitFor(() => expect(address().searchParams.get('page')).toBe('22'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(address().searchParams.get('category')).toBe('live-music');
    expect(await screen.findByText('Fado Night in Alfama')).toBeInTheDocument();
    expect(lastRequest().get('page')).toBe('22');
    expect(screen.queryByText('No events found')).not.toBeInTheDocument();
  });

  it('disables Next on the last page', async () => {
    renderEvents('/events?page=3', reply(listReply([fado], { total: 25, page: 3, total_pages: 3 })));
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('says it could not load the events, logs why, and tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    renderEvents('/events', () => {
      calls += 1;
      return calls === 1
        ? new Response('{}', { status: 400, statusText: 'Bad Request' })
        : jsonResponse(listReply([fado]));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load events. Please try again.');
    expect(warn).toHaveBeenCalledWith('Failed to fetch events: Bad Request');
    // No count, and never a 'Loading...' that does not end.
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.queryByText(/events? found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Events' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fado Night in Alfama')).toBeInTheDocument();
  });

  it('shows the empty state, whose Reset Filters clears every filter, the sort and the search', async () => {
    const { address } = renderEvents(
      '/events?search=zzz&sort=newest&when=today&category=live-music&free=1&view=list&from=crm',
      reply(listReply([])),
    );
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search terms')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(address().search).toBe('?from=crm&view=list'));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Any time' })).toBeChecked();
  });

  it('says a category from the address does not exist, and removes it', async () => {
    const { lastRequest, address } = renderEvents('/events?category=nope', (url) =>
      jsonResponse(url.searchParams.has('category') ? listReply([]) : listReply([fado, summit])),
    );
    expect(await screen.findByText('No category "nope"')).toBeInTheDocument();
    expect(screen.getByText('No events found')).toBeInTheDocument();
    // In the panel too, checked, so it can be unchecked there.
    expect(screen.getByRole('checkbox', { name: 'Nope' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the category filter' }));
    await waitFor(() => expect(address().searchParams.get('category')).toBeNull());
    expect(await screen.findByText('2 events found')).toBeInTheDocument();
    expect(lastRequest().get('category')).toBeNull();
    expect(screen.queryByText(/No category/)).not.toBeInTheDocument();
  });

  it('keeps a seeded category with no events listed in the panel, without calling it unknown', async () => {
    renderEvents('/events?category=film-and-media', reply(listReply([])));
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Film And Media' })).toBeChecked();
    expect(screen.queryByText(/No category/)).not.toBeInTheDocument();
  });

  it("'Reset all' in the panel does the same", async () => {
    const { address } = renderEvents('/events?when=week&type=online');
    await screen.findByText('2 events found');
    await userEvent.click(screen.getByRole('button', { name: 'Reset all' }));
    await waitFor(() => expect(address().search).toBe(''));
    expect(screen.getByRole('radio', { name: 'All Events' })).toBeChecked();
  });

  it('restores the filters and the search box when going back', async () => {
    const { router, address } = renderEvents('/events?search=fado');
    await screen.findByText('2 events found');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Live Music' }));
    await waitFor(() => expect(address().searchParams.get('category')).toBe('live-music'));
    await userEvent.clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(address().searchParams.get('search')).toBeNull(), { timeout: 2000 });
    await act(() => router.navigate(-1));
    expect(screen.getByRole('searchbox')).toHaveValue('fado');
    expect(screen.getByRole('checkbox', { name: 'Live Music' })).toBeChecked();
    await act(() => router.navigate(-1));
    expect(screen.getByRole('checkbox', { name: 'Live Music' })).not.toBeChecked();
  });

  it('opens a quick view of the clicked card that leads to the event page', async () => {
    const { address } = renderEvents('/events?category=live-music');
    await userEvent.click(await screen.findByRole('button', { name: 'Fado Night in Alfama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fado Night in Alfama' });
    expect(within(dialog).getByText('By Casa do Fado')).toBeInTheDocument();
    expect(within(dialog).getByText('$10 - $25')).toBeInTheDocument();
    expect(await within(dialog).findByText(/An evening of fado/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/events/evt_1.ics',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'View event page' }));
    await waitFor(() => expect(address().pathname).toBe('/events/evt_1'));
  });

  it('opens the quick view from the keyboard and closes it with Escape', async () => {
    renderEvents();
    await screen.findByText('2 events found');
    screen.getByRole('button', { name: 'Cloud Summit' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Cloud Summit' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the card that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cloud Summit' })).toHaveFocus());
  });

  it('returns focus to the card when the quick view is closed with Close', async () => {
    renderEvents();
    await userEvent.click(await screen.findByRole('button', { name: 'Fado Night in Alfama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fado Night in Alfama' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fado Night in Alfama' })).toHaveFocus());
  });

  it('collapses the filters behind a button on small screens', async () => {
    renderEvents('/events?when=today&type=online');
    await screen.findByText('2 events found');
    const toggle = screen.getByRole('button', { name: /Show filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('2 active');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).toHaveClass('hidden', 'lg:block');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: /Hide filters/ })).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');

    // 'Show N results' folds the panel away and brings the results into view.
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const show = within(panel!).getByRole('button', { name: 'Show 2 results' });
    expect(show).toHaveClass('lg:hidden');
    await userEvent.click(show);
    expect(panel).toHaveClass('hidden');
    expect(screen.getByRole('button', { name: /Show filters/ })).toHaveAttribute('aria-expanded', 'false');
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('region', { name: '2 events found' }));
    expect(screen.getByText('2 events found')).toHaveFocus();
  });

  it('speaks European Portuguese', async () => {
    renderEvents();
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByText('2 eventos encontrados')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Pesquisar eventos' })).toHaveAttribute(
      'placeholder',
      'Pesquisar eventos, locais ou organizadores...',
    );
    expect(screen.getByText('GRÁTIS')).toBeInTheDocument();
    expect(screen.getByText('Evento online')).toBeInTheDocument();
    // Categories by the catalogue, on the cards and in the panel.
    expect(screen.getByRole('checkbox', { name: 'Música ao vivo' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Conferências de tecnologia' })).toBeInTheDocument();
    expect(screen.getAllByText('Música ao vivo').length).toBeGreaterThan(1);
  });
});
