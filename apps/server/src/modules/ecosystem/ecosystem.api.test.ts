import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ecosystemAppsResponseSchema } from '@nuvem/contracts/ecosystem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, testDriver, useTestApp } from '../../test/helper.testing.js';
import { listenOnFreePort, type RunningServer } from '../../test/providers/listen.testing.js';

describe(`ecosystem apps on ${testDriver}`, () => {
  const t = useTestApp();

  it('lists the nine integrated applications by default, all active, the platform at its own address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ecosystem/apps' });
    expect(res.statusCode).toBe(200);
    const { apps } = ecosystemAppsResponseSchema.parse(res.json());
    expect(apps).toHaveLength(9);
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
    expect(apps.every((a) => a.status === 'active')).toBe(true);
    expect(apps.find((a) => a.id === 'platform')?.url).toBe('http://localhost:3000');
    expect(JSON.stringify(apps)).not.toContain('health_url');
  });
});

describe('ecosystem apps from ECOSYSTEM_FILE, with health checks', () => {
  let health: RunningServer;
  let healthy = true;
  let dir: string;

  beforeAll(async () => {
    health = await listenOnFreePort((_req, res) => {
      res.writeHead(healthy ? 200 : 503).end();
    });
    dir = await mkdtemp(join(tmpdir(), 'nuvem-eco-'));
  });
  afterAll(async () => {
    await health.close();
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

  it('serves the operator’s apps and reports an active app whose health check fails as degraded', async () => {
    const file = join(dir, 'apps.json');
    await writeFile(
      file,
      JSON.stringify({
        apps: [
          app('crm', 'active', { health_url: `${health.url}/health` }),
          app('erp', 'maintenance'),
          app('chat', 'inactive'),
        ],
      }),
    );
    const database = await createTestDatabase();
    const server = await buildApp(testConfig(database.config, { ecosystemFile: file }));
    try {
      await server.ready();
      const statuses = async () => {
        const { apps } = ecosystemAppsResponseSchema.parse(
          (await server.inject({ method: 'GET', url: '/api/ecosystem/apps' })).json(),
        );
        return Object.fromEntries(apps.map((a) => [a.id, a.status]));
      };
      healthy = true;
      await server.ecosystem.refreshHealth();
      expect(await statuses()).toEqual({ crm: 'active', erp: 'maintenance', chat: 'inactive' });
      healthy = false;
      await server.ecosystem.refreshHealth();
      expect(await statuses()).toEqual({ crm: 'degraded', erp: 'maintenance', chat: 'inactive' });
      healthy = true;
      await server.ecosystem.refreshHealth();
      expect((await statuses()).crm).toBe('active');
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
