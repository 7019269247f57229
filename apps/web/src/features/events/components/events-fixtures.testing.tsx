import {
  eventDetailSchema,
  eventListItemSchema,
  eventsListResponseSchema,
  type EventDetail,
  type EventListItem,
  type EventsListResponse,
} from '@nuvem/contracts/events';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';

// Shared by this feature's component tests (not a test itself: vitest only runs *.test.*).

export function listItem(overrides: Partial<EventListItem> = {}): EventListItem {
  return eventListItemSchema.parse({
    id: 'evt_1',
    title: 'Fado Night in Alfama',
    cover_image_url: '/api/public/events/evt_1/cover.svg',
    category: 'live-music',
    organizer: { name: 'Casa do Fado' },
    start_date: '2030-05-01T19:00:00.000Z',
    end_date: '2030-05-01T22:00:00.000Z',
    location: { is_online: false, city: 'Lisboa', venue: 'Alfama Hall', display: 'Lisboa' },
    pricing: { currency: 'USD', min_price: 10, max_price: 25, is_free: false },
    attendee_count: 12,
    tickets_available: 40,
    status: 'scheduled',
    ...overrides,
  });
}

export function listReply(events: EventListItem[], overrides: Partial<EventsListResponse> = {}): EventsListResponse {
  return eventsListResponseSchema.parse({
    events,
    total: events.length,
    page: 1,
    per_page: 12,
    total_pages: events.length > 0 ? 1 : 0,
    categories: [
      { value: 'live-music', count: 18 },
      { value: 'tech-conference', count: 7 },
    ],
    ...overrides,
  });
}

export function detail(overrides: Partial<EventDetail> = {}): EventDetail {
  const base = listItem();
  return eventDetailSchema.parse({
    ...base,
    organizer: { id: 'org_1', name: base.organizer.name },
    description: 'An evening of fado in an old Alfama house.\nDoors open at 8.',
    venue: { name: 'Alfama Hall', address: 'Rua da Regueira 10', city: 'Lisboa', country: 'Portugal' },
    online_url: null,
    schedule: [
      { starts_at: '2030-05-01T19:00:00.000Z', title: 'Doors open' },
      { starts_at: '2030-05-01T19:30:00.000Z', title: 'First set' },
    ],
    ticket_types: [
      { id: 'tkt_std', name: 'Standard', price: 10, currency: 'USD', capacity: 40, available: 30 },
      { id: 'tkt_vip', name: 'VIP', price: 25, currency: 'USD', capacity: 12, available: 10 },
    ],
    my_registration: null,
    is_organiser: false,
    ...overrides,
  });
}

/** Shows the router's address, so a test can read what the screen wrote into it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `element` at `path` (matched by `pattern`; the other screens it links to are plain pages) with a fresh query
 * client that does not retry, the toaster, and the current address in `getByTestId('address')`.
 */
export function renderAt(path: string, element: ReactElement, pattern = '/events') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } });
  const plain = ['/events', '/events/:id', '/login']
    .filter((other) => other !== pattern)
    .map((other) => ({ path: other, element: <Address /> }));
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <Address />
          </>
        ),
      },
      ...plain,
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
