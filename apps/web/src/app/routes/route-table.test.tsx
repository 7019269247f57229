import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { fetchCalls, mockFetch, reply, signedOutAuthRoutes } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

const fado = {
  id: 'evt_1',
  title: 'Fado Night',
  cover_image_url: null,
  category: 'live-music',
  organizer: { name: 'Casa do Fado' },
  start_date: '2030-05-01T19:00:00.000Z',
  end_date: '2030-05-01T22:00:00.000Z',
  location: { is_online: false, city: 'Lisboa', venue: 'Alfama Hall', display: 'Lisboa' },
  pricing: { currency: 'EUR', min_price: 10, max_price: 10, is_free: false },
  attendee_count: 3,
  tickets_available: 40,
  status: 'scheduled',
};

/** The events API with one event, for the screens that list or show it. */
const eventsRoutes = {
  'GET /api/public/events/list': reply({
    events: [fado],
    total: 1,
    page: 1,
    per_page: 12,
    total_pages: 1,
    categories: [{ value: 'live-music', count: 1 }],
  }),
  'GET /api/public/events/evt_1': reply({
    ...fado,
    organizer: { id: 'org_1', name: 'Casa do Fado' },
    description: 'An evening of fado.',
    venue: { name: 'Alfama Hall', address: null, city: 'Lisboa', country: 'Portugal' },
    online_url: null,
    schedule: [],
    ticket_types: [{ id: 'tkt_1', name: 'General', price: 10, currency: 'EUR', capacity: 43, available: 40 }],
    my_registration: null,
    is_organiser: false,
  }),
};

describe('route table', () => {
  beforeEach(() => {
    mockFetch({ ...signedOutAuthRoutes, ...eventsRoutes });
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/', /^Nuvem$/],
    ['/pricing', /^Nuvem Plans$/],
    ['/planos', /^Planos Nuvem$/],
    ['/events', /^Events$/],
    ['/ingeniousgen', /^Ingenious Gen$/],
    ['/success?order=ord_1', /^Sign in to continue$/],
    ['/checkout/sandbox/sbx_1', /^Sign in to continue$/],
    ['/account/billing', /^Sign in to continue$/],
    ['/login', /^Sign in$/],
    ['/developer', /^Sign in to continue$/],
    ['/profile/usr_123', /^Sign in to continue$/],
    ['/containers/ctr_9/logs', /^Sign in to continue$/],
    ['/invitations/accept?token=tok_1', /^You have been invited to an organisation$/],
    ['/organisations/wsp_1', /^Sign in to continue$/],
  ])('shows the screen of %s', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign in · Nuvem'],
    ['/events', 'Events · Nuvem'],
    ['/ingeniousgen', 'Ingenious Gen · Nuvem'],
    ['/no-such-page', '404 · Oops! Page not found'],
  ])('names the page %s in the browser tab', async (path, title) => {
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sends a signed-out visitor to sign in and back to the page asked for', async () => {
    renderRoute('/containers/ctr_9/logs?lines=500');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/containers/ctr_9/logs?lines=500')}`,
    );
  });

  it('passes route parameters to the screen', async () => {
    vi.restoreAllMocks();
    const fetchSpy = mockFetch({
      ...signedOutAuthRoutes,
      'GET /sso/check': reply({
        authenticated: true,
        user: {
          id: 'usr_1',
          email: 'ana@example.com',
          created_at: '2025-01-01T00:00:00.000Z',
          email_verified: true,
          user_metadata: { display_name: 'Ana', avatar_url: null },
        },
        access_token: 'tok',
      }),
      'GET /api/v1/containers/ctr_9/logs': reply({ success: true, logs: ['booted'] }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/containers/ctr_9/logs');
    await waitFor(() =>
      expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/ctr_9/logs')[0]?.url).toContain('lines=100'),
    );
    expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/ctr_9')).toHaveLength(1);
  });

  it('shows the events catalogue at /events, and an event at /events/:id', async () => {
    vi.restoreAllMocks();
    const fetchSpy = mockFetch({ ...signedOutAuthRoutes, ...eventsRoutes });
    const { router } = renderRoute('/events?category=live-music');
    expect(await screen.findByText('Where Moments Become Memories')).toBeInTheDocument();
    expect(await screen.findByText('1 event found')).toBeInTheDocument();
    expect(
      fetchCalls(fetchSpy, 'GET /api/public/events/list').some((call) => call.url.includes('category=live-music')),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Fado Night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fado Night' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'View event page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fado Night' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/evt_1');
    // Back to the list it came from, filters and all.
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events?category=live-music');
  });

  it('speaks Portuguese on the events page too', async () => {
    vi.restoreAllMocks();
    mockFetch({ ...signedOutAuthRoutes, ...eventsRoutes });
    renderRoute('/events');
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(screen.getByText('Onde os momentos se tornam memórias')).toBeInTheDocument();
    expect(await screen.findByText('1 evento encontrado')).toBeInTheDocument();
  });

  it('asks for sign-in in Portuguese on a signed-in page', async () => {
    await act(() => chooseLanguage('pt-PT'));
    renderRoute('/developer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicie sessão para continuar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sessão' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/developer')}`,
    );
  });

  it('shows the not-found page for an unknown address and logs the path, without a warning', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn');
    renderRoute('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/definitely/not/here');
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows the not-found page in Portuguese', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    renderRoute('/nada');
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByText('Ups! Página não encontrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it('takes the visitor home from the not-found page', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router } = renderRoute('/nope');
    await userEvent.click(await screen.findByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Nuvem$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
