import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ecosystemAppsResponseSchema } from '@nuvem/contracts/ecosystem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, testDriver, useTestApp } from '../../test/helper.testing.js';
import { freePort, listenOnFreePort, type RunningServer } from '../../test/providers/listen.testing.js';
import type { App } from '../../types.js';

async function listApps(server: App, headers: Record<string, string> = {}) {
  const res = await server.inject({ method: 'GET', url: '/api/ecosystem/apps', headers });
  expect(res.statusCode).toBe(200);
  return { res, apps: ecosystemAppsResponseSchema.parse(res.json()).apps };
}

describe(`ecosystem apps on ${testDriver}`, () => {
  const t = useTestApp();

  it('lists the nine integrated applications by default, the platform at its own address and answering', async () => {
    const { apps } = await listApps(t.app);
    expect(apps.map((a) => a.id)).toEqual([
      'projects',
      'events',
      'collab',
      'crm',
      'erp',
      'chat',
      'mail',
      'marketing',
      'platform',
    ]);
    // The others are checked at their shipped addresses, whatever this machine's network makes of them.
    expect(apps.find((a) => a.id === 'platform')).toMatchObject({
      url: 'http://localhost:3000',
      status: 'active',
      reachability: 'operational',
    });
    expect(JSON.stringify(apps)).not.toContain('health_url');
    expect(JSON.stringify(apps)).not.toContain('translations');
  });

  it("describes the apps in the reader's language, and tells shared caches that it does", async () => {
    const pt = await listApps(t.app, { 'accept-language': 'pt-PT,pt;q=0.9' });
    expect(pt.apps.find((a) => a.id === 'platform')?.description).toBe(
      'A plataforma: contentores, chaves de API e faturação.',
    );
    expect(pt.res.headers.vary).toContain('Accept-Language');
    const en = await listApps(t.app, { 'accept-language': 'en-GB' });
    expect(en.apps.find((a) => a.id === 'platform')?.description).toBe(
      'The platform: containers, developer keys and billing.',
    );
    // Without the header: the configuration's own words.
    const plain = await listApps(t.app);
    expect(plain.apps.map((a) => a.description)).toEqual(en.apps.map((a) => a.description));
  });
});

describe('ecosystem apps from ECOSYSTEM_FILE, checked by the server', () => {
  let target: RunningServer;
  /** What the apps' server was asked, in order. */
  const requests: string[] = [];
  let healthy = true;
  /** The slow app keeps its first check waiting, then answers at once. */
  let slowHangs = true;
  let dir: string;

  beforeAll(async () => {
    target = await listenOnFreePort((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      if (req.url === '/health') return res.writeHead(healthy ? 200 : 503).end();
      if (req.url === '/no-head' && req.method === 'HEAD') return res.writeHead(405).end();
      if (req.url === '/slow' && slowHangs) {
        slowHangs = false;
        return; // never answered (the server's close ends it)
      }
      res.writeHead(404).end(); // an answer all the same: the app is there
    });
    dir = await mkdtemp(join(tmpdir(), 'nuvem-eco-'));
  });
  afterAll(async () => {
    await target.close();
  });

  const app = (id: string, status: string, extra: Record<string, string> = {}) => ({
    id,
    name: `App ${id}`,
    description: `The ${id} app`,
    icon: 'cloud',
    color: '#123456',
    url: `https://${id}.example.com`,
    status,
    ...extra,
  });

  it('reports what each configured address answers, within the check timeout, and caches it', async () => {
    const closedPort = await freePort();
    const file = join(dir, 'apps.json');
    await writeFile(
      file,
      JSON.stringify({
        apps: [
          app('crm', 'active', { url: `${target.url}/crm?from=nuvem` }),
          app('chat', 'active', { url: `http://127.0.0.1:${closedPort}/` }),
          app('mail', 'active', { url: `${target.url}/no-head` }),
          app('erp', 'maintenance', { url: `${target.url}/erp` }),
          app('events', 'active', { url: `${target.url}/events`, health_url: `${target.url}/health` }),
          app('slow', 'active', { url: `${target.url}/slow` }),
          app('platform', 'active', { url: 'http://localhost:3000/events' }),
        ],
      }),
    );
    const database = await createTestDatabase();
    const server = await buildApp(testConfig(database.config, { ecosystemFile: file }));
    try {
      await server.ready();
      const started = Date.now();
      const first = await listApps(server);
      // The slow app keeps its check waiting: the first list is held back 2 s at most (with room for a busy machine).
      expect(Date.now() - started).toBeLessThan(5_000);
      const byId = Object.fromEntries(first.apps.map((a) => [a.id, a]));
      expect(byId.crm).toMatchObject({ status: 'active', reachability: 'operational' });
      // Nothing listens there: shown as such, and not offered as active.
      expect(byId.chat).toMatchObject({ status: 'degraded', reachability: 'unreachable' });
      expect(byId.mail).toMatchObject({ status: 'active', reachability: 'operational' });
      expect(byId.events).toMatchObject({ status: 'active', reachability: 'operational' });
      // The operator's own status stands, unchecked; the portal itself is answering this very request.
      expect(byId.erp).toMatchObject({ status: 'maintenance', reachability: 'unknown', checked_at: null });
      expect(byId.platform).toMatchObject({ status: 'active', reachability: 'operational' });
      expect(Date.parse(byId.crm?.checked_at ?? '')).toBeLessThanOrEqual(Date.now());
      // Its check gave up (unreachable) or is giving up (unknown) as the list stopped waiting.
      expect(['unreachable', 'unknown']).toContain(byId.slow?.reachability);

      await server.ecosystem.settled(); // the slow check, if the list stopped waiting for it
      // Only the configured addresses (a health URL instead of the app's), HEAD first; GET only where HEAD was refused.
      expect([...requests].sort()).toEqual([
        'GET /no-head',
        'HEAD /crm?from=nuvem',
        'HEAD /health',
        'HEAD /no-head',
        'HEAD /slow',
      ]);
      const cached = await listApps(server);
      expect(cached.apps.find((a) => a.id === 'slow')).toMatchObject({
        status: 'degraded',
        reachability: 'unreachable',
      });
      expect(cached.res.headers['cache-control']).toBe('public, max-age=30');
      await listApps(server);
      expect(requests).toHaveLength(5); // answered from the cache, nothing fetched again

      // A health URL must answer 2xx: an active app failing it is degraded until it passes again.
      const events = async () => {
        await server.ecosystem.refresh();
        const listed = (await listApps(server)).apps.find((a) => a.id === 'events');
        return `${listed?.status} ${listed?.reachability}`;
      };
      healthy = false;
      expect(await events()).toBe('degraded unreachable');
      healthy = true;
      expect(await events()).toBe('active operational');
    } finally {
      await server.close();
      await database.drop();
    }
  });

  it('refuses to start on an invalid file, saying what is wrong', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ apps: [app('crm', 'active', { color: 'blue' }), app('crm', 'active')] }));
    const database = await createTestDatabase();
    try {
      await expect(buildApp(testConfig(database.config, { ecosystemFile: file }))).rejects.toThrow(
        /ECOSYSTEM_FILE .*bad\.json is invalid: .*color: must be a hex colour.*app ids must be unique/,
      );
      await expect(buildApp(testConfig(database.config, { ecosystemFile: join(dir, 'missing.json') }))).rejects.toThrow(
        /ECOSYSTEM_FILE .*missing\.json: ENOENT/,
      );
    } finally {
      await database.drop();
    }
  });
});
