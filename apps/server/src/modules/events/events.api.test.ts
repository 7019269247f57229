import type { EventDetail, EventsListResponse } from '@nuvem/contracts/events';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { seedEvents } from './seed.js';

const list = async (app: App, query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/public/events/list${query ? `?${query}` : ''}` });
  return res;
};
const listed = async (app: App, query: string) => {
  const res = await list(app, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventsListResponse>();
};

const inFuture = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

function as(app: App, user: TestUser) {
  const headers = { origin: testOrigin, cookie: `nuvem_session=${user.cookie}`, 'content-type': 'application/json' };
  return {
    create: (body: object) => app.inject({ method: 'POST', url: '/api/events', headers, payload: body }),
    update: (id: string, body: object) =>
      app.inject({ method: 'PUT', url: `/api/events/${id}`, headers, payload: body }),
    cancel: (id: string) => app.inject({ method: 'POST', url: `/api/events/${id}/cancel`, headers }),
    register: (id: string, ticket: string) =>
      app.inject({
        method: 'POST',
        url: `/api/events/${id}/registrations`,
        headers,
        payload: { ticket_type_id: ticket },
      }),
    unregister: (id: string) => app.inject({ method: 'DELETE', url: `/api/events/${id}/registrations`, headers }),
    detail: async (id: string) =>
      (await app.inject({ method: 'GET', url: `/api/public/events/${id}`, headers })).json<EventDetail>(),
  };
}

const newEvent = (overrides: object = {}) => ({
  title: 'Fado na Mouraria',
  description: 'Uma noite de fado tradicional.',
  category: 'live-music',
  start_date: inFuture(10),
  end_date: inFuture(10.1),
  is_online: false,
  venue: { name: 'Tasca do Chico', city: 'Lisboa', country: 'Portugal' },
  ticket_types: [{ name: 'Geral', price: 15, capacity: 3 }],
  ...overrides,
});

describe(`the events catalogue, on ${testDriver}`, () => {
  const t = useTestApp({
    setup: async (app) => {
      await seedEvents(app.db, { count: 400, seed: 7 });
    },
  });

  it('lists upcoming events 12 to a page, soonest first, with totals and category counts', async () => {
    const body = await listed(t.app, '');
    expect(body.per_page).toBe(12);
    expect(body.page).toBe(1);
    expect(body.events).toHaveLength(12);
    expect(body.total_pages).toBe(Math.ceil(body.total / 12));
    expect(body.categories.reduce((sum, c) => sum + c.count, 0)).toBe(body.total);
    const starts = body.events.map((e) => Date.parse(e.start_date));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts.every((s) => s >= Date.now() - 60_000)).toBe(true);
    expect(body.events[0]?.status).toBe('scheduled');
  });

  it('counts categories with every other filter applied, and gives the chosen category its own total', async () => {
    const online = await listed(t.app, 'is_online=true');
    const category = online.categories[0]?.value ?? '';
    const chosen = await listed(t.app, `is_online=true&category=${category}&limit=100`);
    expect(chosen.total).toBe(online.categories[0]?.count);
    expect(chosen.categories).toEqual(online.categories);
    expect(chosen.events.every((e) => e.category === category && e.location.is_online)).toBe(true);
  });

  it('finds accented words without accents, in any case, by prefix, ranked within the filters', async () => {
    const plain = await listed(t.app, 'search=sao%20paulo&limit=100');
    const accented = await listed(t.app, `search=${encodeURIComponent('SÃO PAULO')}&limit=100`);
    expect(plain.total).toBeGreaterThan(0);
    expect(accented.total).toBe(plain.total);
    expect(
      plain.events.every((e) => e.location.city === 'São Paulo' || e.organizer.name === 'São Paulo Founders'),
    ).toBe(true);
    const prefix = await listed(t.app, 'search=munch');
    expect(prefix.events.some((e) => e.location.city === 'München')).toBe(true);
    const nothing = await listed(t.app, 'search=%26%7C%21');
    expect(nothing.total).toBe(0);
  });

  it('sorts by popularity, price both ways and newest', async () => {
    const popular = await listed(t.app, 'sort=popularity&limit=20');
    const counts = popular.events.map((e) => e.attendee_count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const cheap = await listed(t.app, 'sort=price_low&limit=20');
    const mins = cheap.events.map((e) => e.pricing?.min_price ?? Infinity);
    expect([...mins].sort((a, b) => a - b)).toEqual(mins);
    const dear = await listed(t.app, 'sort=price_high&limit=20');
    const maxes = dear.events.map((e) => e.pricing?.max_price ?? -1);
    expect([...maxes].sort((a, b) => b - a)).toEqual(maxes);
    expect((await listed(t.app, 'sort=newest')).events).toHaveLength(12);
  });

  it('filters by dates (past events only when asked), online, free and price range', async () => {
    const past = await listed(
      t.app,
      `date_from=${encodeURIComponent(inFuture(-40))}&date_to=${encodeURIComponent(inFuture(0))}`,
    );
    expect(past.total).toBeGreaterThan(0);
    expect(past.events.every((e) => Date.parse(e.start_date) <= Date.now())).toBe(true);
    const week = await listed(
      t.app,
      `date_from=${encodeURIComponent(inFuture(0))}&date_to=${encodeURIComponent(inFuture(7))}&limit=100`,
    );
    expect(week.events.every((e) => Date.parse(e.start_date) <= Date.parse(inFuture(7)))).toBe(true);
    const inPerson = await listed(t.app, 'is_online=false&limit=100');
    expect(inPerson.events.every((e) => !e.location.is_online && e.location.display === e.location.city)).toBe(true);
    const free = await listed(t.app, 'is_free=true&limit=100');
    expect(free.total).toBeGreaterThan(0);
    expect(free.events.every((e) => e.pricing?.is_free)).toBe(true);
    const range = await listed(t.app, 'price_min=20&price_max=60&limit=100');
    expect(range.events.every((e) => (e.pricing?.max_price ?? 0) >= 20 && (e.pricing?.min_price ?? 999) <= 60)).toBe(
      true,
    );
  });

  it('pages to the last page and past it', async () => {
    const first = await listed(t.app, 'limit=50');
    const last = await listed(t.app, `limit=50&page=${String(first.total_pages)}`);
    expect(last.events.length).toBe(first.total - 50 * (first.total_pages - 1));
    expect((await listed(t.app, `limit=50&page=${String(first.total_pages + 1)}`)).events).toEqual([]);
  });

  it('refuses a bad parameter with a 400 naming it', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['sort=cheapest', 'sort'],
      ['date_from=yesterday', 'date_from'],
      [`date_from=${encodeURIComponent(inFuture(5))}&date_to=${encodeURIComponent(inFuture(1))}`, 'date_to'],
      ['category=Live%20Music', 'category'],
      ['is_online=maybe', 'is_online'],
      ['price_min=50&price_max=10', 'price_max'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['date_from=0000-01-01T00:00:00Z', 'date_from'],
      ['date_to=0001-01-01T00:00:00%2B01:00', 'date_to'],
      ['page=834&limit=12', 'page'],
    ] as const) {
      const res = await list(t.app, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(`querystring.${field}`);
    }
  });

  it('sorts a search by relevance when asked: a match in the title before one in the description', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const early = await organiser.create(
      newEvent({
        title: 'Harbour walk',
        description: 'We may spot a quokkafish.',
        start_date: inFuture(3),
        end_date: inFuture(3.1),
      }),
    );
    const late = await organiser.create(
      newEvent({ title: 'Quokkafish Summit', start_date: inFuture(20), end_date: inFuture(20.1) }),
    );
    const ids = (query: string) => listed(t.app, query).then((body) => body.events.map((e) => e.id));
    expect(await ids('search=quokkafish')).toEqual([early.json<EventDetail>().id, late.json<EventDetail>().id]);
    expect(await ids('search=quokkafish&sort=relevance')).toEqual([
      late.json<EventDetail>().id,
      early.json<EventDetail>().id,
    ]);
  });

  it('compares date ranges as instants, whatever their offsets', async () => {
    const res = await list(
      t.app,
      `date_from=${encodeURIComponent('2030-01-01T10:00:00+05:00')}&date_to=2030-01-01T06:00:00Z`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const reversed = await list(
      t.app,
      `date_from=2030-01-01T06:00:00Z&date_to=${encodeURIComponent('2030-01-01T10:00:00+05:00')}`,
    );
    expect(reversed.statusCode).toBe(400);
  });

  it('serves an event page, its cover and its calendar entry; an unknown one is a 404', async () => {
    const { events } = await listed(t.app, '');
    const id = events[0]?.id ?? '';
    const page = await t.app.inject({ method: 'GET', url: `/api/public/events/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id, my_registration: null, is_organiser: false });
    expect(page.json<EventDetail>().ticket_types.length).toBeGreaterThan(0);
    const cover = await t.app.inject({ method: 'GET', url: `/api/public/events/${id}/cover.svg` });
    expect(cover.headers['content-type']).toContain('image/svg+xml');
    const ics = await t.app.inject({ method: 'GET', url: `/api/events/${id}.ics` });
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain(`UID:${id}@`);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/events/evt_nope' })).statusCode).toBe(404);
  });
});

describe(`registrations and organisers, on ${testDriver}`, () => {
  const t = useTestApp({ setup: (app) => seedEvents(app.db, { count: 5, seed: 1 }).then(() => undefined) });

  it('lets an organiser create, edit and cancel their own event, and nobody else', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const other = as(t.app, await registerUser(t.app));
    const created = await organiser.create(newEvent());
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<EventDetail>();
    expect(event).toMatchObject({ is_organiser: true, tickets_available: 3, attendee_count: 0 });
    expect(event.pricing).toMatchObject({ min_price: 15, max_price: 15, is_free: false });
    expect((await listed(t.app, 'search=mouraria')).events.map((e) => e.id)).toEqual([event.id]);

    expect((await other.update(event.id, newEvent({ title: 'Taken over' }))).statusCode).toBe(403);
    expect((await other.cancel(event.id)).statusCode).toBe(403);
    const edited = await organiser.update(event.id, newEvent({ title: 'Fado na Mouraria: segunda noite' }));
    expect(edited.json()).toMatchObject({ title: 'Fado na Mouraria: segunda noite' });
    const bad = await organiser.create(newEvent({ category: 'no-such-category' }));
    expect(bad.statusCode).toBe(400);
    const noVenue = await organiser.create(newEvent({ venue: undefined }));
    expect(noVenue.statusCode).toBe(400);
  });

  it('edits ticket types by id or name, keeps taken tickets, and refuses bad edits', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const buyer = as(t.app, await registerUser(t.app));
    const types = [
      { name: 'VIP', price: 100, capacity: 10 },
      { name: 'General', price: 10, capacity: 5 },
    ];
    const created = await organiser.create(newEvent({ title: 'Two tiers', ticket_types: types }));
    const event = created.json<EventDetail>();
    const general = event.ticket_types.find((type) => type.name === 'General');
    expect((await buyer.register(event.id, general?.id ?? '')).statusCode).toBe(201);

    // The same body again changes nothing: types are matched by name, not by position.
    const same = await organiser.update(event.id, newEvent({ title: 'Two tiers', ticket_types: types }));
    expect(same.statusCode, same.body).toBe(200);
    const again = same.json<EventDetail>();
    expect(again.ticket_types.find((type) => type.id === general?.id)).toMatchObject({ name: 'General', price: 10 });
    expect((await buyer.detail(event.id)).my_registration?.ticket_type_id).toBe(general?.id);

    // Renamed by id; a type with tickets taken cannot be removed; one without can.
    const renamed = await organiser.update(
      event.id,
      newEvent({ title: 'Two tiers', ticket_types: [{ id: general?.id, name: 'Standard', price: 10, capacity: 5 }] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<EventDetail>().ticket_types.map((type) => type.name)).toEqual(['Standard']);
    const removing = await organiser.update(
      event.id,
      newEvent({ title: 'Two tiers', ticket_types: [{ name: 'Other', price: 5, capacity: 5 }] }),
    );
    expect(removing.statusCode).toBe(409);
    expect(removing.json()).toMatchObject({ code: 'TICKET_TYPE_IN_USE' });

    // Whole cents, a real currency code, an organiser who sees the online link.
    expect(
      (await organiser.create(newEvent({ ticket_types: [{ name: 'A', price: 0.001, capacity: 1 }] }))).statusCode,
    ).toBe(400);
    expect((await organiser.create(newEvent({ currency: 'e\r\n' }))).statusCode).toBe(400);
    const online = await organiser.create(
      newEvent({ is_online: true, venue: undefined, online_url: 'https://meet.example.com/fado' }),
    );
    expect(online.json<EventDetail>().online_url).toBe('https://meet.example.com/fado');

    // A cancelled event is not edited any more.
    await organiser.cancel(event.id);
    const late = await organiser.update(event.id, newEvent({ title: 'Two tiers', ticket_types: types }));
    expect(late.statusCode).toBe(409);
  });

  it("shows an organiser's new, edited and cancelled event in the list and its counts at once", async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const search = 'search=zanzibarx';
    expect(await listed(t.app, search)).toMatchObject({ total: 0, events: [], categories: [] });
    const created = await organiser.create(newEvent({ title: 'Zanzibarx Night' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<EventDetail>().id;
    expect(await listed(t.app, search)).toMatchObject({ total: 1, categories: [{ value: 'live-music', count: 1 }] });
    await organiser.update(id, newEvent({ title: 'Zanzibarx Night', category: 'food-and-drink' }));
    const edited = await listed(t.app, `${search}&category=food-and-drink`);
    expect(edited).toMatchObject({ total: 1, categories: [{ value: 'food-and-drink', count: 1 }] });
    expect(edited.events.map((e) => e.id)).toEqual([id]);
    await organiser.cancel(id);
    expect(await listed(t.app, search)).toMatchObject({ total: 0, events: [], categories: [] });
  });

  it('takes and gives back a ticket: one per user, counts follow, a cancelled event tells its attendees', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const event = (await organiser.create(newEvent())).json<EventDetail>();
    const ticket = event.ticket_types[0]?.id ?? '';
    const ana = as(t.app, await registerUser(t.app));
    const taken = await ana.register(event.id, ticket);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ attendee_count: 1, tickets_available: 2 });
    expect((await ana.register(event.id, ticket)).statusCode).toBe(409);
    expect((await ana.detail(event.id)).my_registration).toMatchObject({ ticket_type_id: ticket });
    expect((await ana.register(event.id, 'tkt_other')).statusCode).toBe(400);

    const back = await ana.unregister(event.id);
    expect(back.json()).toEqual({ attendee_count: 0, tickets_available: 3 });
    expect((await ana.unregister(event.id)).statusCode).toBe(404);

    expect((await ana.register(event.id, ticket)).statusCode).toBe(201);
    const seen: string[] = [];
    const stop = t.app.eventBus.subscribe((e) => {
      if (e.type === 'event.cancelled') seen.push(e.userId);
    });
    expect((await organiser.cancel(event.id)).json()).toMatchObject({ status: 'cancelled' });
    stop();
    expect(seen).toHaveLength(1);
    expect((await ana.register(event.id, ticket)).statusCode).toBe(409);
    expect((await listed(t.app, 'search=mouraria')).events.map((e) => e.id)).not.toContain(event.id);
  });

  it('never oversells: many buyers racing for three tickets leave exactly three taken', async () => {
    const organiser = as(t.app, await registerUser(t.app));
    const event = (await organiser.create(newEvent({ title: 'Tiny venue' }))).json<EventDetail>();
    const ticket = event.ticket_types[0]?.id ?? '';
    const buyers = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    const results = await Promise.all(buyers.map((buyer) => as(t.app, buyer).register(event.id, ticket)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json<{ code: string }>().code === 'SOLD_OUT'),
    ).toBe(true);
    expect(await as(t.app, buyers[0] as TestUser).detail(event.id)).toMatchObject({
      attendee_count: 3,
      tickets_available: 0,
    });
  });

  it('needs sign-in to register or organise', async () => {
    const { events } = await listed(t.app, '');
    const id = events[0]?.id ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/registrations`,
      headers: { origin: testOrigin },
      payload: { ticket_type_id: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
