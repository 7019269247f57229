import type { EventDetail } from '@nuvem/contracts/events';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { seedEvents } from './seed.js';

// 500 buyers at once for 100 tickets, on PostgreSQL's real concurrency (PGlite runs one statement
// at a time): exactly 100 registrations, the counts on the event agree, nothing oversold.
describe.runIf(testDriver === 'postgres')('tickets under a rush of 500 buyers, on postgres', () => {
  const t = useTestApp({ setup: (app) => seedEvents(app.db, { count: 1, seed: 3 }).then(() => undefined) });

  it('ends with exactly 100 of 100 tickets taken', async () => {
    const organiser = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { origin: testOrigin, cookie: `nuvem_session=${organiser.cookie}` },
      payload: {
        title: 'Rush hour',
        category: 'live-music',
        start_date: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
        is_online: true,
        ticket_types: [{ name: 'General', price: 0, capacity: 100 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<EventDetail>();
    const ticket = event.ticket_types[0]?.id ?? '';
    // 500 accounts written straight away (signing 500 people up through the API would time the
    // password hashing, not the tickets).
    const ids = Array.from({ length: 500 }, (_, i) => `usr_rush${String(i).padStart(4, '0')}`);
    await t.app.db.execute(
      sql`insert into users (id, email) select id, id || '@example.com' from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]`)}::text[]) as id`,
    );
    const results = await Promise.allSettled(ids.map((id) => t.app.eventsCatalogue.register(id, event.id, ticket)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(100);
    expect(refused).toHaveLength(400);
    for (const r of refused) expect((r.reason as { code?: string }).code).toBe('SOLD_OUT');
    const detail = await t.app.eventsCatalogue.detail(event.id, null);
    expect(detail).toMatchObject({ attendee_count: 100, tickets_available: 0 });
    expect(detail.ticket_types[0]).toMatchObject({ capacity: 100, available: 0 });
  });

  it('takes registrations while the organiser edits the event: no deadlock, no error, counts agree', async () => {
    const organiser = await registerUser(t.app);
    const body = (capacity: number) => ({
      title: 'Busy night',
      category: 'live-music',
      start_date: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      is_online: true,
      ticket_types: [{ name: 'General', price: 10, capacity }],
    });
    const headers = { origin: testOrigin, cookie: `nuvem_session=${organiser.cookie}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/events', headers, payload: body(30) });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<EventDetail>();
    const ticket = event.ticket_types[0]?.id ?? '';
    const ids = Array.from({ length: 40 }, (_, i) => `usr_edit${String(i).padStart(4, '0')}`);
    await t.app.db.execute(
      sql`insert into users (id, email) select id, id || '@example.com' from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]`)}::text[]) as id`,
    );
    const registrations = ids.map((id) => t.app.eventsCatalogue.register(id, event.id, ticket));
    const edits = [25, 28, 30, 35, 40].map((capacity) =>
      t.app.inject({ method: 'PUT', url: `/api/events/${event.id}`, headers, payload: body(capacity) }),
    );
    const [registered, edited] = await Promise.all([Promise.allSettled(registrations), Promise.all(edits)]);
    for (const res of edited) expect([200, 400], res.body).toContain(res.statusCode);
    for (const r of registered) {
      if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('SOLD_OUT');
    }
    const won = registered.filter((r) => r.status === 'fulfilled').length;
    const detail = await t.app.eventsCatalogue.detail(event.id, null);
    const type = detail.ticket_types[0];
    expect(detail.attendee_count).toBe(won);
    expect(type && type.capacity - type.available).toBe(won);
    expect(won).toBeLessThanOrEqual(type?.capacity ?? 0);
  });
});
