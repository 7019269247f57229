import { passkeyCreationOptionsResponseSchema } from '@nuvem/contracts/mfa';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import {
  createTestDatabase,
  // Buyers need a verified address (403 EMAIL_NOT_VERIFIED otherwise).
  registerVerifiedUser as registerUser,
  settleJobs,
  testConfig,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from './test/helper.testing.js';
import { createTestAuthenticator } from './test/webauthn.testing.js';
import type { App } from './types.js';

/**
 * Every registered route, walked from the server's own route table: a route not listed as public
 * must refuse a caller without credentials (401), and a route that names a resource must not serve
 * or change another user's. A new route is covered the day it is registered; a new public route
 * has to be listed here, on purpose.
 */
const publicRoutes = new Set([
  'GET /healthz',
  'GET /metrics',
  'GET /readyz',
  'GET /auth/config',
  'POST /auth/login',
  'POST /auth/register',
  // The second step of a sign-in (a ticket, not a session) and passwordless passkey sign-in.
  'POST /auth/mfa/verify',
  'POST /auth/mfa/passkey/options',
  'POST /auth/passkey/options',
  'POST /auth/passkey/verify',
  'GET /sso/check',
  'POST /sso/logout',
  'GET /logout',
  'POST /logout',
  'GET /oauth/:provider',
  'GET /oauth/:provider/callback',
  // Mailed links and the forgotten password: a single-use token or an address, not a session.
  'POST /auth/email/verify',
  'POST /auth/password/forgot',
  'POST /auth/password/reset',
  'GET /api/ecosystem/apps',
  'POST /api/programme/enquiries',
  // The container catalogue is the same for everybody (the pricing and wizard pages show it).
  'GET /api/v1/containers/templates',
  'GET /api/v1/containers/tiers',
  // Client credentials in the body, not a session: answers 401 for wrong ones (tested in its suite).
  'POST /applications/verify-client',
  // CORS preflight of the platform API.
  'OPTIONS /api/v1/*',
  // Prices and coupons are the same for everybody (the pricing page shows them signed out).
  'GET /api/payments/config',
  'POST /api/payments/coupons/validate',
  'POST /api/payments/payments/pricing/calculate',
  // Stripe's signature on the raw body, not a session (tested in the billing suite).
  'POST /api/payments/webhooks/stripe',
  // The events catalogue is public (the event page also says, signed in, whether one attends).
  'GET /api/public/events/list',
  'GET /api/public/events/:id',
  'GET /api/public/events/:id/cover.svg',
  'GET /api/events/:id.ics',
]);
const isStatic = (url: string) =>
  url === '/' || url === '/*' || url === '/index.html' || url.startsWith('/docs') || url.startsWith('/assets/');

describe('a route that declares no need', () => {
  it('stops the server from starting, naming the route', { timeout: 90_000 }, async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(database.config));
    try {
      app.get('/api/forgotten', async () => ({ secret: true }));
      await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
    } finally {
      await app.close().catch(() => {});
      await database.drop();
    }
  });
});

describe(`every route's guard, on ${testDriver}`, () => {
  const t = useTestApp();
  const guarded = () =>
    t.app.routeTable.filter((route) => !publicRoutes.has(`${route.method} ${route.url}`) && !isStatic(route.url));

  it('lists the routes it checks (so a refactor that hides them fails here)', () => {
    expect(guarded().length).toBeGreaterThan(50);
    expect(guarded().map((route) => `${route.method} ${route.url}`)).toContain('GET /api/realtime/events');
  });

  it('has every route declare its need, and only the routes listed here as public declare none', () => {
    const routes = t.app.routeTable.filter((route) => !isStatic(route.url));
    const open = routes
      .filter((route) => route.auth === 'public' || route.auth === 'optional')
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(open)).toEqual(publicRoutes);
    const api = routes.filter((route) => !route.url.startsWith('/docs'));
    expect(api.filter((route) => route.auth === undefined)).toEqual([]);
    expect(routes.filter((route) => route.url.startsWith('/api/v1/') && route.auth === 'session')).toEqual([]);
  });

  it('answers 401 to every non-public route without credentials, with a clear message', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const url = route.url.replace(/:(\w+)/g, 'x_$1').replace('*', 'anything');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { origin: testOrigin, 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
      else if (!res.json<{ error?: unknown }>().error) failures.push(`${route.method} ${route.url}: no message`);
    }
    expect(failures).toEqual([]);
  });

  it("serves and changes nothing of another user's through any route that names a resource", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const ids = await ownerResources(t.app, owner);

    // The body each changing route needs to get past validation, so that only ownership stops it.
    const bodies: Record<string, object> = {
      'PUT /api/v1/containers/:id': { description: 'taken over' },
      'POST /api/v1/containers/:id/actions': { action: 'stop' },
      'PUT /applications/:id': { name: 'taken-over' },
      'POST /applications/:id/keys': { name: 'stolen' },
      'POST /applications/:id/keys/:keyId/rotate': {},
      'POST /applications/:id/secret/rotate': {},
      'POST /api/users/:id/posts/:postId/comments': { body: 'hello' },
      'POST /api/users/:id/posts/:postId/like': {},
      'PUT /api/users/me/education/:entryId': { school: 'Taken over' },
      'PUT /api/users/me/experience/:entryId': { title: 'Taken over', company: 'Nobody' },
      'PUT /api/events/:id': eventInput('Taken over'),
      'PUT /api/mlm/flows/:id': ownersFlow('Taken over'),
      'POST /api/mlm/flows/:id/execute': { input: 'run it for me' },
      'POST /api/mlm/agents/:id/chat': { message: 'hello' },
      'PATCH /api/mlm/knowledge/:id': { security_handling: 'quote' },
      'PATCH /auth/passkeys/:id': { name: 'Taken over' },
      'POST /api/payments/sandbox/sessions/:id/pay': {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: 'Not The Owner',
      },
    };
    // Routes whose `:id` is a person, not something they own: anyone signed in may use them on
    // anyone (a profile, following, a like); what they must not reach is that person's own things.
    const socialOnPerson =
      /^\/api\/users\/:id(\/(posts(\/:postId\/(comments|like))?|activity|connect(\/accept)?|follow|skills\/:name\/endorse))?$/;
    // Anyone signed in may take a ticket to anyone's event (tested in the events suite).
    const openToAll = /^\/api\/events\/:id\/registrations$/;
    const failures: string[] = [];
    for (const route of guarded()) {
      if (!route.url.includes('/:')) continue;
      if (socialOnPerson.test(route.url) || openToAll.test(route.url)) continue;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
        const id =
          name === 'id'
            ? route.url.startsWith('/api/v1/containers')
              ? ids.id_container
              : route.url.startsWith('/applications')
                ? ids.id_application
                : route.url.startsWith('/api/payments/orders')
                  ? ids.id_order
                  : route.url.startsWith('/api/payments/sandbox')
                    ? ids.id_checkout
                    : route.url.startsWith('/api/events/')
                      ? ids.id_event
                      : route.url.startsWith('/api/mlm/flows')
                        ? ids.id_flow
                        : route.url.startsWith('/api/mlm/executions')
                          ? ids.id_execution
                          : route.url.startsWith('/api/mlm/knowledge')
                            ? ids.id_document
                            : route.url.startsWith('/auth/passkeys')
                              ? ids.id_passkey
                              : route.url.startsWith('/api/orgs/')
                                ? ids.id_org
                                : ids.id
            : name === 'entryId'
              ? route.url.includes('/education/')
                ? ids.entryId_education
                : ids.entryId_experience
              : ids[name];
        if (!id) failures.push(`${route.method} ${route.url}: no resource of the owner for :${name}; add one`);
        return id ?? 'missing';
      });
      const key = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { origin: testOrigin, cookie: `nuvem_session=${other.cookie}`, 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: bodies[key] ?? {} }),
      });
      if (route.url === '/api/realtime/events') continue;
      if (![403, 404].includes(res.statusCode)) failures.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);

    // Everything is still the owner's, unchanged.
    const mine = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: `nuvem_session=${owner.cookie}` } });
    const container = await mine(`/api/v1/containers/${ids.id_container}`);
    expect(container.json()).toMatchObject({ container: { description: null, status: 'running' } });
    const application = await mine(`/applications/${ids.id_application}`);
    expect(application.json()).toMatchObject({ application: { app_name: 'owners-app' } });
    const keys = await mine(`/applications/${ids.id_application}/keys`);
    expect(keys.json<{ keys: unknown[] }>().keys).toHaveLength(1);
    const order = await mine(`/api/payments/orders/${ids.id_order}`);
    expect(order.json()).toMatchObject({ status: 'pending' });
    const event = await mine(`/api/public/events/${ids.id_event}`);
    expect(event.json()).toMatchObject({ title: "Owner's event", status: 'scheduled' });
    const flow = await mine(`/api/mlm/flows/${ids.id_flow}`);
    expect(flow.json()).toMatchObject({ name: "Owner's flow" });
    const documents = await mine('/api/mlm/knowledge');
    expect(documents.json<{ documents: unknown[] }>().documents).toHaveLength(1);
  });
});

/** A flow's body: one business agent. */
function ownersFlow(name: string) {
  return { name, nodes: [{ id: 'brief', name: 'Brief', agent_id: 'agent_business' }] };
}

/** An event's body: in ten days, in Lisbon, one ticket type. */
function eventInput(title: string) {
  const day = 24 * 3600_000;
  return {
    title,
    description: 'An evening.',
    category: 'live-music',
    start_date: new Date(Date.now() + 10 * day).toISOString(),
    end_date: new Date(Date.now() + 10 * day + 3600_000).toISOString(),
    is_online: false,
    venue: { name: 'Tasca do Chico', city: 'Lisboa', country: 'Portugal' },
    ticket_types: [{ name: 'General', price: 15, capacity: 3 }],
  };
}

/** One of each resource a route can name, owned by `owner`, keyed by route parameter. */
async function ownerResources(app: App, owner: TestUser): Promise<Record<string, string>> {
  const as = (method: 'POST' | 'GET', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { origin: testOrigin, cookie: `nuvem_session=${owner.cookie}`, 'content-type': 'application/json' },
      ...(payload ? { payload } : {}),
    });
  const container = await as('POST', '/api/v1/containers', { name: 'owners-box' });
  expect(container.statusCode).toBe(202);
  const passkeyOptions = await as('POST', '/auth/passkeys/options', { password: owner.password });
  const authenticator = createTestAuthenticator(testOrigin);
  const credential = authenticator.register(passkeyCreationOptionsResponseSchema.parse(passkeyOptions.json()).options);
  expect((await as('POST', '/auth/passkeys', { name: 'Owner key', credential })).statusCode).toBe(201);
  await settleJobs(app);
  const application = await as('POST', '/applications', { name: 'owners-app' });
  expect(application.statusCode).toBe(201);
  const applicationId = application.json<{ application: { id: string } }>().application.id;
  const key = await as('POST', `/applications/${applicationId}/keys`, { name: 'owners-key' });
  expect(key.statusCode).toBe(201);
  const post = await as('POST', '/api/users/me/posts', { body: 'my post' });
  expect(post.statusCode).toBe(201);
  const postId = post.json<{ post: { id: string } }>().post.id;
  const comment = await as('POST', `/api/users/${owner.id}/posts/${postId}/comments`, { body: 'my comment' });
  expect(comment.statusCode).toBe(201);
  const education = await as('POST', '/api/users/me/education', { school: 'Técnico', degree: 'MSc' });
  expect(education.statusCode).toBe(201);
  const experience = await as('POST', '/api/users/me/experience', { title: 'Engineer', company: 'Nuvem' });
  expect(experience.statusCode).toBe(201);
  const checkout = await as('POST', '/api/payments/payments/pricing/checkout', {
    type: 'tokens',
    pack: 'small',
    successUrl: `${testOrigin}/success`,
    cancelUrl: `${testOrigin}/pricing`,
  });
  expect(checkout.statusCode).toBe(200);
  const { url: checkoutUrl, orderId } = checkout.json<{ url: string; orderId: string }>();
  const containerId = container.json<{ container: { id: string } }>().container.id;
  const event = await as('POST', '/api/events', eventInput("Owner's event"));
  expect(event.statusCode).toBe(201);
  const flow = await as('POST', '/api/mlm/flows', ownersFlow("Owner's flow"));
  expect(flow.statusCode).toBe(201);
  const flowId = flow.json<{ id: string }>().id;
  const execution = await as('POST', `/api/mlm/flows/${flowId}/execute`, { input: 'hello' });
  expect(execution.statusCode).toBe(202);
  const document = await as('POST', '/api/mlm/knowledge', { title: 'Owner notes', content: 'Private notes.' });
  expect(document.statusCode).toBe(201);
  const org = await as('POST', '/api/orgs', { name: "Owner's team" });
  expect(org.statusCode).toBe(201);
  const orgId = org.json<{ workspace: { id: string } }>().workspace.id;
  const invitation = await as('POST', `/api/orgs/${orgId}/invitations`, {
    email: 'teammate@example.com',
    role: 'viewer',
  });
  expect(invitation.statusCode).toBe(201);
  return {
    id_org: orgId,
    userId: owner.id,
    invitationId: invitation.json<{ invitation: { id: string } }>().invitation.id,
    id_flow: flowId,
    id_execution: execution.json<{ id: string }>().id,
    id_document: document.json<{ id: string }>().id,
    id_event: event.json<{ id: string }>().id,
    id_order: orderId,
    id_checkout: checkoutUrl.split('/').pop() ?? '',
    // Which `:id` a route means depends on its path; the route table's urls are matched below.
    id_container: containerId,
    id_application: applicationId,
    keyId: key.json<{ apiKey: { id: string } }>().apiKey.id,
    postId,
    commentId: comment.json<{ comment: { id: string } }>().comment.id,
    entryId_education: education.json<{ entry: { id: string } }>().entry.id,
    entryId_experience: experience.json<{ entry: { id: string } }>().entry.id,
    name: 'typescript',
    id_passkey: authenticator.id,
    id: owner.id,
  };
}
