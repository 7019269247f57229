import { permissions, roleAllows, roles, type Permission, type Role } from '@nuvem/contracts/orgs';
import { describe, expect, it } from 'vitest';
import { registerVerifiedUser, testDriver, useTestApp } from './test/helper.testing.js';
import { createOrg, inviteAndJoin, orgHeaders } from './test/orgs.testing.js';

/**
 * Every guarded route against every role, generated from the server's own route table (issue 34):
 * a route that acts in a workspace declares a permission, and in an organisation each role either
 * has it (the guard lets the request through) or gets 403 FORBIDDEN before anything is read or
 * written. A new route without a permission stops the server from starting; one declared as
 * acting on the caller's own `account` under a workspace's paths fails here.
 */

/** Paths whose resources live in a workspace: none of their guarded routes may be `account`. */
const workspacePaths =
  /^\/(api\/v1\/|applications|api\/mlm\/|api\/payments\/|api\/orgs\/:id|api\/security\/|api\/realtime\/)/;
/** Routes under those paths that really are the caller's own (each says why). */
const accountUnderWorkspacePaths = new Set<string>([
  // A coupon's validity is the same for everybody (the pricing page asks it signed out too).
  'POST /api/payments/coupons/validate',
]);
/** Routes that need more than their permission: the service refuses other roles (tested in the orgs suite). */
const ownerOnly = new Set(['DELETE /api/orgs/:id']);

const isPermission = (value: string | undefined): value is Permission =>
  value !== undefined && (permissions as readonly string[]).includes(value);

describe(`every route against every role, on ${testDriver}`, () => {
  const t = useTestApp();
  const guarded = () =>
    t.app.routeTable.filter(
      (route) => route.auth !== undefined && route.auth !== 'public' && !route.url.startsWith('/docs'),
    );

  it('has every guarded route declare a permission, and no workspace route act on the account only', () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((route) => route.permission === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const accountOnWorkspace = routes
      .filter((route) => route.permission === 'account' && workspacePaths.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !accountUnderWorkspacePaths.has(key));
    expect(accountOnWorkspace).toEqual([]);
    // Every permission guards at least one route (a permission nothing checks is a promise nobody keeps).
    const used = new Set(routes.map((route) => route.permission));
    expect(permissions.filter((permission) => !used.has(permission))).toEqual([]);
  });

  it(
    'lets each role through exactly the routes its permissions allow, refusing the rest with 403',
    { timeout: 600_000 },
    async () => {
      const owner = await registerVerifiedUser(t.app);
      const orgId = await createOrg(t.app, owner, 'Role matrix');
      const member = await inviteAndJoin(t.app, owner, orgId, 'viewer');
      // Deleting the organisation goes last (the owner's walk would delete it).
      const routes = guarded()
        .filter((route) => isPermission(route.permission))
        .sort((a, b) => Number(ownerOnly.has(`${a.method} ${a.url}`)) - Number(ownerOnly.has(`${b.method} ${b.url}`)));
      const failures: string[] = [];

      const call = (route: (typeof routes)[number], as: typeof owner) => {
        const inOrgPath = route.url.startsWith('/api/orgs/:id');
        const url = route.url
          .replace(':id', inOrgPath ? orgId : 'x_id')
          .replace(/:(\w+)/g, 'x_$1')
          .replace('*', 'anything');
        return t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...orgHeaders(as, orgId), 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      };

      const check = async (role: Role, as: typeof owner) => {
        for (const route of routes) {
          // The event stream stays open when it is allowed: its refusal is what is checked here.
          const permission = route.permission as Permission;
          if (route.url === '/api/realtime/events' && roleAllows(role, permission)) continue;
          const res = await call(route, as);
          const key = `${role} ${route.method} ${route.url} (${permission})`;
          if (ownerOnly.has(`${route.method} ${route.url}`) && role !== 'owner') {
            if (res.statusCode !== 403) failures.push(`${key}: ${res.statusCode}, expected owner only`);
          } else if (roleAllows(role, permission)) {
            if (res.statusCode === 403 && res.json<{ code?: string }>().code === 'FORBIDDEN') {
              failures.push(`${key}: refused ${res.body.slice(0, 100)}`);
            }
            if (res.statusCode === 404 && res.json<{ code?: string }>().code === 'ORGANISATION_NOT_FOUND') {
              failures.push(`${key}: organisation not found`);
            }
          } else if (res.statusCode !== 403 || res.json<{ code?: string }>().code !== 'FORBIDDEN') {
            failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      };

      // The member walks every role in turn (a role change applies from the next request); the
      // routes a role may not use are walked first, so nothing is changed before a refusal is checked.
      for (const role of ['viewer', 'billing', 'developer', 'admin'] as const) {
        const changed = await t.app.inject({
          method: 'PATCH',
          url: `/api/orgs/${orgId}/members/${member.id}`,
          headers: orgHeaders(owner),
          payload: { role },
        });
        expect(changed.statusCode).toBe(200);
        await check(role, member);
      }
      await check('owner', owner);
      expect(failures).toEqual([]);

      // A stranger naming the organisation is told it does not exist, whatever the route.
      const stranger = await registerVerifiedUser(t.app);
      const strangers: string[] = [];
      for (const route of routes) {
        const res = await call(route, stranger);
        if (res.statusCode !== 404) strangers.push(`${route.method} ${route.url} -> ${res.statusCode}`);
      }
      expect(strangers).toEqual([]);
    },
  );

  it('lists the roles and the permissions each holds', async () => {
    const user = await registerVerifiedUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/rbac/roles', headers: orgHeaders(user) });
    const body = res.json<{ roles: { id: Role; permissions: Permission[] }[] }>();
    expect(body.roles.map((r) => r.id)).toEqual([...roles]);
    const viewer = body.roles.find((r) => r.id === 'viewer');
    expect(viewer?.permissions.every((p) => p.endsWith(':read'))).toBe(true);
    const all = await t.app.inject({ method: 'GET', url: '/api/rbac/permissions', headers: orgHeaders(user) });
    expect(all.json<{ permissions: { id: string }[] }>().permissions.map((p) => p.id)).toEqual([...permissions]);
  });
});
