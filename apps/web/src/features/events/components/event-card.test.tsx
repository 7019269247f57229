import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { EventCard } from './event-card';
import { listItem } from './events-fixtures.testing';

function card(overrides: Parameters<typeof listItem>[0] = {}, view: 'grid' | 'list' = 'grid') {
  const onOpen = vi.fn();
  const event = listItem(overrides);
  render(<EventCard event={event} view={view} onOpen={onOpen} />);
  return { article: screen.getByRole('article'), onOpen, event };
}

describe('the event card', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the cover lazily, the badges, title, organizer, date, location, attendance and tickets left', () => {
    // Noon UTC: the same calendar days in any time zone the tests run in.
    const { article } = card({ start_date: '2030-05-01T12:00:00.000Z', end_date: '2030-05-04T12:00:00.000Z' });
    const cover = article.querySelector('img');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('src', '/api/public/events/evt_1/cover.svg');
    expect(within(article).getByText('Live Music')).toBeInTheDocument();
    expect(within(article).getByText('$10 - $25')).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 3, name: 'Fado Night in Alfama' })).toHaveClass(
      'line-clamp-2',
    );
    expect(within(article).getByText('By Casa do Fado')).toBeInTheDocument();
    expect(within(article).getByText('May 1 - May 4, 2030')).toBeInTheDocument();
    expect(within(article).getByText('Lisboa')).toBeInTheDocument();
    expect(within(article).getByText('12 attending')).toBeInTheDocument();
    expect(within(article).getByText('40 tickets left')).toBeInTheDocument();
  });

  it('shows a placeholder icon without a cover, or when the cover cannot be loaded', () => {
    const { article } = card({ cover_image_url: null });
    expect(article.querySelector('img')).toBeNull();
    expect(within(article).getByTestId('event-cover-placeholder')).toBeInTheDocument();
  });

  it('falls back to the placeholder when the image fails', () => {
    const { article } = card();
    fireEvent.error(article.querySelector('img')!);
    expect(within(article).getByTestId('event-cover-placeholder')).toBeInTheDocument();
  });

  it("reads 'FREE', 'Online Event', and leaves out a zero attendance", () => {
    const { article } = card({
      pricing: { currency: 'EUR', min_price: 0, max_price: 0, is_free: true },
      location: { is_online: true, city: 'Lisboa', venue: null, display: 'Online Event' },
      attendee_count: 0,
      tickets_available: 1,
    });
    expect(within(article).getByText('FREE')).toBeInTheDocument();
    expect(within(article).getByText('Online Event')).toBeInTheDocument();
    expect(within(article).queryByText(/attending/)).not.toBeInTheDocument();
    expect(within(article).getByText('1 ticket left')).toBeInTheDocument();
  });

  it('has no price badge without pricing, says sold out at 0 tickets, and nothing without a ticket count', () => {
    const { article } = card({
      pricing: null,
      tickets_available: 0,
      location: { is_online: false, city: null, venue: null, display: 'TBA' },
    });
    expect(within(article).queryByText('Price TBD')).not.toBeInTheDocument();
    expect(within(article).getByText('Sold out')).toBeInTheDocument();
    expect(within(article).getByText('TBA')).toBeInTheDocument();
  });

  it('shows the venue when there is no city, the amount of an equal EUR range by its code', () => {
    const { article } = card({
      pricing: { currency: 'EUR', min_price: 15, max_price: 15, is_free: false },
      location: { is_online: false, city: null, venue: 'Harbour Hall', display: 'Harbour Hall' },
      tickets_available: null,
      attendee_count: 0,
    });
    expect(within(article).getByText('EUR 15')).toBeInTheDocument();
    expect(within(article).getByText('Harbour Hall')).toBeInTheDocument();
    expect(within(article).queryByText(/tickets? left|Sold out/)).not.toBeInTheDocument();
  });

  it('opens the quick view from its title button, by mouse or keyboard', async () => {
    const { onOpen, event } = card();
    const title = screen.getByRole('button', { name: 'Fado Night in Alfama' });
    await userEvent.click(title);
    // The title button comes along: focus returns to it when the quick view closes.
    expect(onOpen).toHaveBeenCalledWith(event, title);
    screen.getByRole('button', { name: 'Fado Night in Alfama' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('says nothing of tickets left once the event is over', () => {
    const { article } = card({ start_date: '2020-05-01T19:00:00.000Z', end_date: '2020-05-01T22:00:00.000Z' });
    expect(within(article).queryByText(/tickets? left|Sold out/)).not.toBeInTheDocument();
    expect(within(article).getByText('12 attending')).toBeInTheDocument();
  });

  it("writes times in the browser's regional variant: an en-GB visitor reads a 24-hour clock", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const { article } = card({ start_date: '2030-05-01T12:00:00.000Z', end_date: '2030-05-01T13:30:00.000Z' });
    const line = within(article).getByText(/•/).textContent;
    expect(line).toMatch(/ • \d{2}:\d{2} - \d{2}:\d{2}$/);
    expect(line).not.toMatch(/AM|PM/);
  });

  it('names a seeded category in Portuguese from the catalogue, any other by the rule', async () => {
    card();
    await act(() => chooseLanguage('pt-PT'));
    expect(screen.getByText('Música ao vivo')).toBeInTheDocument();
    render(<EventCard event={listItem({ id: 'evt_9', category: 'pottery-classes' })} view="grid" onOpen={vi.fn()} />);
    expect(screen.getByText('Pottery Classes')).toBeInTheDocument();
  });

  it('lays out side by side in the list view', () => {
    const { article } = card({}, 'list');
    expect(article).toHaveClass('sm:flex-row');
  });
});
