import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useParams } from 'react-router';
import { chooseLanguage } from '@/lib/i18n';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import type { EventViewer } from '../lib/event-viewer';
import { EventPage } from './event-page';
import { detail, renderAt } from './events-fixtures.testing';

const DETAIL = 'GET /api/public/events/evt_1';
const REGISTER = 'POST /api/events/evt_1/registrations';
const UNREGISTER = 'DELETE /api/events/evt_1/registrations';
const ana: EventViewer = { id: 'usr_ana', ready: true };
const visitor: EventViewer = { id: null, ready: true };

function renderEvent(viewer: EventViewer, routes: Record<string, FetchHandler>, path = '/events/evt_1') {
  const fetchSpy = mockFetch(routes);
  const view = renderAt(path, <EventPage id="evt_1" viewer={viewer} />, '/events/:id');
  return { ...view, fetchSpy };
}

const registered = {
  registration: { id: 'reg_1', event_id: 'evt_1', ticket_type_id: 'tkt_vip', created_at: '2030-01-01T00:00:00.000Z' },
  attendee_count: 13,
  tickets_available: 39,
};

describe('the event page', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    window.scrollTo = scrollTo;
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens at its top, and again when another event opens in its place', async () => {
    mockFetch({
      [DETAIL]: reply(detail()),
      'GET /api/public/events/evt_2': reply(detail({ id: 'evt_2', title: 'Cloud Summit' })),
    });
    function ByAddress() {
      const { id = '' } = useParams();
      return <EventPage id={id} viewer={visitor} />;
    }
    const { router } = renderAt('/events/evt_1', <ByAddress />, '/events/:id');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    await screen.findByRole('heading', { level: 1, name: 'Fado Night in Alfama' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/events/evt_2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Summit' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('names the time zone on the date line and in the schedule, in the card’s time format', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    renderEvent(visitor, { [DETAIL]: reply(detail()) });
    await screen.findByRole('heading', { level: 1, name: 'Fado Night in Alfama' });
    // 19:00 to 22:00 UTC: whatever zone the tests run in, a short zone name follows the end time.
    const line = screen.getByText(/ • \d{2}:\d{2} - \d{2}:\d{2} /);
    expect(line.textContent).toMatch(/ - \d{2}:\d{2} [A-Z]{1,5}([+-]\d{1,2}(:\d{2})?)?$/);
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    const times = within(schedule)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('time')?.textContent ?? '');
    for (const time of times) expect(time).toMatch(/ • \d{2}:\d{2} [A-Z]{1,5}([+-]\d{1,2}(:\d{2})?)?$/);
    expect(times.join(' ')).not.toMatch(/AM|PM/);
  });

  it('says how a paid ticket is paid for when one is chosen, and not for a free one', async () => {
    renderEvent(ana, {
      [DETAIL]: reply(
        detail({
          ticket_types: [
            { id: 'tkt_free', name: 'Community', price: 0, currency: 'USD', capacity: 40, available: 30 },
            { id: 'tkt_vip', name: 'VIP', price: 25, currency: 'USD', capacity: 12, available: 10 },
          ],
        }),
      ),
    });
    const payment =
      'Nuvem reserves this ticket for you; you pay the organiser at the event. No payment is taken online.';
    const tickets = await screen.findByRole('group', { name: 'Choose a ticket' });
    expect(within(tickets).getByRole('radio', { name: /Community/ })).toBeChecked();
    expect(screen.queryByText(payment)).not.toBeInTheDocument();
    await userEvent.click(within(tickets).getByRole('radio', { name: /VIP/ }));
    expect(screen.getByText(payment)).toBeInTheDocument();
    await act(() => chooseLanguage('pt-PT'));
    expect(
      screen.getByText(
        'A Nuvem reserva-lhe este bilhete; paga ao organizador no próprio evento. Não é feito nenhum pagamento online.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the description, schedule, venue, ticket types and the calendar link', async () => {
    renderEvent(visitor, { [DETAIL]: reply(detail()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fado Night in Alfama' })).toBeInTheDocument();
    expect(screen.getByText('Organised by Casa do Fado')).toBeInTheDocument();
    expect(screen.getByText(/An evening of fado in an old Alfama house/)).toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(2);
    expect(within(schedule).getByText('First set')).toBeInTheDocument();
    const where = screen.getByRole('region', { name: 'Where' });
    expect(within(where).getByText('Alfama Hall')).toBeInTheDocument();
    expect(within(where).getByText('Rua da Regueira 10')).toBeInTheDocument();
    expect(within(where).getByText('Lisboa, Portugal')).toBeInTheDocument();
    const tickets = screen.getByRole('complementary', { name: 'Tickets' });
    expect(within(tickets).getByText('Standard')).toBeInTheDocument();
    expect(within(tickets).getByText('30 left of 40')).toBeInTheDocument();
    expect(within(tickets).getByText('$25')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/events/evt_1.ics');
    expect(screen.getByText('12 attending')).toBeInTheDocument();
    expect(screen.getByText('40 tickets left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });

  it('sends a signed-out visitor to sign in and back to this page', async () => {
    renderEvent(visitor, { [DETAIL]: reply(detail()) });
    const signIn = await screen.findByRole('link', { name: 'Sign in to register' });
    expect(signIn).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/events/evt_1')}`);
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('waits for the session check before asking for the event', () => {
    const { fetchSpy } = renderEvent({ id: null, ready: false }, { [DETAIL]: reply(detail()) });
    expect(fetchCalls(fetchSpy, DETAIL)).toHaveLength(0);
    expect(screen.getByRole('status', { name: 'Loading the event…' })).toBeInTheDocument();
  });

  it('registers a signed-in user for the chosen ticket, then cancels the registration', async () => {
    const { fetchSpy } = renderEvent(ana, {
      [DETAIL]: (() => {
        let call = 0;
        return () => {
          call += 1;
          // After registering the page is refetched: the server now has the registration.
          if (call === 1) return jsonResponse(detail());
          if (call === 2)
            return jsonResponse(
              detail({
                attendee_count: 13,
                tickets_available: 39,
                my_registration: { id: 'reg_1', ticket_type_id: 'tkt_vip', created_at: '2030-01-01T00:00:00.000Z' },
                ticket_types: [
                  { id: 'tkt_std', name: 'Standard', price: 10, currency: 'USD', capacity: 40, available: 30 },
                  { id: 'tkt_vip', name: 'VIP', price: 25, currency: 'USD', capacity: 12, available: 9 },
                ],
              }),
            );
          return jsonResponse(detail());
        };
      })(),
      [REGISTER]: reply(registered, 201),
      [UNREGISTER]: reply({ attendee_count: 12, tickets_available: 40 }),
    });
    const tickets = await screen.findByRole('group', { name: 'Choose a ticket' });
    expect(within(tickets).getByRole('radio', { name: /Standard/ })).toBeChecked();
    await userEvent.click(within(tickets).getByRole('radio', { name: /VIP/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('You are registered')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, REGISTER)[0]?.body).toEqual({ ticket_type_id: 'tkt_vip' });
    expect(screen.getByText('Ticket: VIP')).toBeInTheDocument();
    expect(screen.getByText('13 attending')).toBeInTheDocument();
    expect(screen.getByText('39 tickets left')).toBeInTheDocument();
    expect(screen.getByText('9 left of 12')).toBeInTheDocument();
    expect(await screen.findByText('You are registered for Fado Night in Alfama.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel your registration?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, UNREGISTER)).toHaveLength(1);
    expect(screen.getByText('12 attending')).toBeInTheDocument();
    expect(await screen.findByText('Your registration was cancelled.')).toBeInTheDocument();
  });

  it('keeps the ticket when the cancellation is not confirmed', async () => {
    const { fetchSpy } = renderEvent(ana, {
      [DETAIL]: reply(
        detail({ my_registration: { id: 'reg_1', ticket_type_id: 'tkt_std', created_at: '2030-01-01T00:00:00.000Z' } }),
      ),
    });
    expect(await screen.findByText('Ticket: Standard')).toBeInTheDocument();
    expect(screen.getByText('Your ticket')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep my ticket' }));
    expect(fetchCalls(fetchSpy, UNREGISTER)).toHaveLength(0);
    expect(screen.getByText('You are registered')).toBeInTheDocument();
  });

  it("says why a registration failed, in the visitor's words", async () => {
    renderEvent(ana, {
      [DETAIL]: reply(detail()),
      [REGISTER]: reply({ success: false, error: 'No tickets of this type are left', code: 'SOLD_OUT' }, 409),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('No tickets of this type are left')).toBeInTheDocument();
    expect(screen.queryByText('You are registered')).not.toBeInTheDocument();
  });

  it('is sold out when no ticket type has any left', async () => {
    renderEvent(ana, {
      [DETAIL]: reply(
        detail({
          tickets_available: 0,
          ticket_types: [{ id: 'tkt_std', name: 'Standard', price: 10, currency: 'USD', capacity: 40, available: 0 }],
        }),
      ),
    });
    expect(await screen.findByText('Sold out: no tickets are left.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Sold out').length).toBeGreaterThan(0);
  });

  it('disables a sold-out ticket type and picks the first one left', async () => {
    renderEvent(ana, {
      [DETAIL]: reply(
        detail({
          ticket_types: [
            { id: 'tkt_std', name: 'Standard', price: 10, currency: 'USD', capacity: 40, available: 0 },
            { id: 'tkt_vip', name: 'VIP', price: 25, currency: 'USD', capacity: 12, available: 2 },
          ],
        }),
      ),
    });
    const tickets = await screen.findByRole('group', { name: 'Choose a ticket' });
    expect(within(tickets).getByRole('radio', { name: /Standard/ })).toBeDisabled();
    expect(within(tickets).getByRole('radio', { name: /VIP/ })).toBeChecked();
  });

  it('says a cancelled event was cancelled and closes registration', async () => {
    renderEvent(ana, { [DETAIL]: reply(detail({ status: 'cancelled' })) });
    expect(await screen.findByRole('heading', { name: 'This event was cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Registration is closed: the event was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('closes registration once the event has ended, and says nothing of tickets left', async () => {
    renderEvent(ana, {
      [DETAIL]: reply(detail({ start_date: '2020-05-01T19:00:00.000Z', end_date: '2020-05-01T22:00:00.000Z' })),
    });
    expect(await screen.findByRole('heading', { name: 'This event has already taken place' })).toBeInTheDocument();
    expect(screen.getByText('Registration is closed: the event has ended.')).toBeInTheDocument();
    expect(screen.queryByText(/tickets? left/)).not.toBeInTheDocument();
    expect(screen.queryByText(/left of/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Nuvem reserves/)).not.toBeInTheDocument();
    expect(screen.getByText('VIP')).toBeInTheDocument();
  });

  it('an event without an end is over once it has started', async () => {
    renderEvent(ana, { [DETAIL]: reply(detail({ start_date: '2020-05-01T19:00:00.000Z', end_date: null })) });
    expect(await screen.findByText('Registration is closed: the event has ended.')).toBeInTheDocument();
  });

  it('says registration has closed while the event runs, without calling it over', async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    renderEvent(ana, { [DETAIL]: reply(detail({ start_date: start, end_date: end })) });
    expect(await screen.findByText('Registration is closed: the event has started.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This event has already taken place' })).not.toBeInTheDocument();
    expect(screen.getByText('40 tickets left')).toBeInTheDocument();
  });

  it('shows the online link only to a registered attendee', async () => {
    renderEvent(ana, {
      [DETAIL]: reply(
        detail({
          location: { is_online: true, city: null, venue: null, display: 'Online Event' },
          venue: null,
          online_url: 'https://meet.example.com/fado',
          my_registration: { id: 'reg_1', ticket_type_id: 'tkt_std', created_at: '2030-01-01T00:00:00.000Z' },
        }),
      ),
    });
    expect(await screen.findByRole('link', { name: 'Join online' })).toHaveAttribute(
      'href',
      'https://meet.example.com/fado',
    );
  });

  it('says when the event does not exist', async () => {
    renderEvent(visitor, {
      [DETAIL]: reply({ success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND' }, 404),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });

  it('offers to try again when the event could not be loaded', async () => {
    let calls = 0;
    renderEvent(visitor, {
      [DETAIL]: () => {
        calls += 1;
        return calls === 1 ? jsonResponse({ success: false, error: 'Bad', code: 'BAD' }, 400) : jsonResponse(detail());
      },
    });
    expect(await screen.findByRole('heading', { name: 'The event could not be loaded.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fado Night in Alfama' })).toBeInTheDocument();
  });

  it('leads back to the filtered list it was opened from', async () => {
    mockFetch({ [DETAIL]: reply(detail()) });
    const { router } = renderAt('/events', <EventPage id="evt_1" viewer={visitor} />, '/events');
    await act(() => router.navigate('/events', { state: { listHref: '/events?category=live-music' } }));
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events?category=live-music');
    // Only a list address is followed.
    await act(() => router.navigate('/events', { state: { listHref: 'https://evil.example/' } }));
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });
});
