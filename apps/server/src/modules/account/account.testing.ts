// Helpers for the account module's API tests (not a test file itself).
import { apiKeyCreatedResponseSchema, applicationCreatedResponseSchema } from '@nuvem/contracts/applications';
import { expect } from 'vitest';
import { settleJobs, testOrigin, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

/** Calls as a signed-in browser would: the session cookie and this site's Origin. */
export function asBrowser(app: App, user: Pick<TestUser, 'cookie'>) {
  const headers = { origin: testOrigin, cookie: `nuvem_session=${user.cookie}` };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { call, headers };
}

function ok(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
}

/** What `populate` made, with the secrets shown once (an export must never hold them). */
export interface Populated {
  postBody: string;
  applicationName: string;
  clientSecret: string;
  apiKey: string;
  containerId: string;
  instanceName: string;
  flowName: string;
  enquiryMessage: string;
}

/**
 * Gives the user something in most modules: a profile headline, a post, an application with an
 * API key, a running container (demo driver), a flow, a programme enquiry, and (when `event` is
 * given) a ticket for that event.
 */
export async function populate(
  app: App,
  user: TestUser,
  tag: string,
  event?: { id: string; ticketTypeId: string },
): Promise<Populated> {
  const { call } = asBrowser(app, user);
  ok(await call('PATCH', '/api/users/me', { headline: `Headline of ${tag}` }), 200);
  const postBody = `A post written by ${tag}`;
  ok(await call('POST', '/api/users/me/posts', { body: postBody }), 201);

  const applicationName = `App of ${tag}`;
  const created = await call('POST', '/applications', { name: applicationName });
  ok(created, 201);
  const { application, clientSecret } = applicationCreatedResponseSchema.parse(created.json());
  const keyRes = await call('POST', `/applications/${application.id}/keys`, { name: `key of ${tag}` });
  ok(keyRes, 201);
  const apiKey = apiKeyCreatedResponseSchema.parse(keyRes.json()).apiKey.key;

  const container = await call('POST', '/api/v1/containers', {
    name: `box-${tag}`,
    tier: 'small',
    template_id: 'nodejs-18',
  });
  ok(container, 202);
  const containerId = container.json<{ container: { id: string } }>().container.id;
  await settleJobs(app);

  const flowName = `Flow of ${tag}`;
  ok(
    await call('POST', '/api/mlm/flows', {
      name: flowName,
      description: 'One agent',
      nodes: [{ id: 'brief', name: 'Brief', agent_id: 'agent_business', position: { x: 0, y: 0 } }],
      edges: [],
    }),
    201,
  );

  const enquiryMessage = `An enquiry from ${tag}`;
  ok(
    await call('POST', '/api/programme/enquiries', {
      name: `Person ${tag}`,
      email: user.email,
      phone: '+351 912 345 678',
      interest: 'inscricao',
      offering: 'bootcamps',
      message: enquiryMessage,
      consent: true,
    }),
    201,
  );

  if (event) {
    ok(await call('POST', `/api/events/${event.id}/registrations`, { ticket_type_id: event.ticketTypeId }), 201);
  }

  const exported = await call('GET', '/account/export');
  ok(exported, 200);
  const containers = exported.json<{ containers: { containers: { id: string; instance_name: string }[] } }>().containers
    .containers;
  const instanceName = containers.find((row) => row.id === containerId)?.instance_name ?? '';
  return { postBody, applicationName, clientSecret, apiKey, containerId, instanceName, flowName, enquiryMessage };
}

/** An event organised by `organiser`, a month away, with one ticket type of 10 seats. */
export async function createEvent(app: App, organiser: TestUser): Promise<{ id: string; ticketTypeId: string }> {
  const { call } = asBrowser(app, organiser);
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  const res = await call('POST', '/api/events', {
    title: 'Fado na Mouraria',
    description: 'Uma noite de fado tradicional.',
    category: 'live-music',
    start_date: startsAt.toISOString(),
    end_date: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
    is_online: false,
    venue: { name: 'Tasca do Chico', city: 'Lisboa', country: 'Portugal' },
    ticket_types: [{ name: 'Geral', price: 0, capacity: 10 }],
  });
  ok(res, 201);
  const detail = res.json<{ id: string; ticket_types: { id: string }[] }>();
  const ticketTypeId = detail.ticket_types[0]?.id;
  if (!ticketTypeId) throw new Error('event without a ticket type');
  return { id: detail.id, ticketTypeId };
}
