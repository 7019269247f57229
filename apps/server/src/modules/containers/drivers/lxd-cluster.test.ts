// Against a real two-member LXD cluster (scripts/lxd-cluster-setup.sh: daemons c1 and c2 beside the
// machine's own, at /var/lib/lxd-c1 and /var/lib/lxd-c2): containers are placed across the members
// by free capacity, and each works wherever it landed.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LxdClient } from './lxd-client.js';
import { createLxdDriver } from './lxd-driver.js';

const socketPath = process.env.TEST_LXD_CLUSTER_SOCKET ?? '/var/lib/lxd-c1/unix.socket';
const image = process.env.LXD_TEST_IMAGE ?? 'nuvem-test';

describe.runIf(existsSync(socketPath))('LXD driver on a two-member cluster', () => {
  const client = new LxdClient({ socketPath });
  const driver = createLxdDriver(client, { stopTimeoutSeconds: 10 });
  const names = [0, 1].map((i) => `nuvem-c${String(i)}-${randomBytes(4).toString('hex')}`);
  const location = async (name: string) =>
    ((await client.call('GET', `/1.0/instances/${name}`)) as { location: string }).location;

  afterAll(async () => {
    await Promise.all(names.map((name) => driver.delete(name)));
  });

  it('places two containers on the two members (equal capacity: what was placed counts), and each runs', async () => {
    const members = (await client.call('GET', '/1.0/cluster/members?recursion=1')) as { server_name: string }[];
    expect(members.map((m) => m.server_name).sort()).toEqual(['c1', 'c2']);
    for (const name of names) {
      await driver.create({ name, image, cpu: 1, memoryMb: 128, diskGb: 1, environment: { WHERE: name } });
    }
    const locations = await Promise.all(names.map(location));
    expect(new Set(locations)).toEqual(new Set(['c1', 'c2']));

    // Started, listed and reachable through the first member's API, wherever they run.
    await Promise.all(names.map((name) => driver.start(name)));
    const states = await driver.states();
    for (const name of names) {
      expect(states.get(name)).toMatchObject({ status: 'running', memoryLimitBytes: 128_000_000 });
      const result = await driver.exec(name, ['sh', '-c', 'echo $WHERE']);
      expect(result).toMatchObject({ exitCode: 0, stdout: `${name}\n` });
    }
    await driver.stop(names[1] ?? '', { force: true });
    expect((await driver.state(names[1] ?? '')).status).toBe('stopped');
  });
});

// A member LXD still lists as online can stop answering (until LXD marks it offline): a stand-in
// clustered daemon on a unix socket, whose member 'big' fails its resources call and 'hung' never
// answers, shows that creates go on to the others instead of failing or waiting minutes.
describe('LXD driver placement when a member does not answer (a stand-in clustered daemon)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lxd-cluster-'));
  const socket = join(dir, 'unix.socket');
  const targets: string[] = [];
  /** Connections the hung member holds open (the driver gives them up). */
  let hungOpen = 0;
  /** Every member's capacity call fails (a busy daemon). */
  let allFail = false;
  let server: Server;

  beforeAll(async () => {
    const sync = (metadata: unknown): [number, unknown] => [200, { type: 'sync', status_code: 200, metadata }];
    const answer = (method: string, url: URL): [number, unknown] => {
      const target = url.searchParams.get('target');
      switch (url.pathname) {
        case '/1.0':
          return sync({ api_extensions: [], environment: { server_clustered: true } });
        case '/1.0/cluster/members':
          return sync([
            { server_name: 'big', status: 'Online' },
            { server_name: 'hung', status: 'Online' },
            { server_name: 'a', status: 'Online' },
            { server_name: 'b', status: 'Online' },
            { server_name: 'gone', status: 'Offline' },
          ]);
        case '/1.0/resources':
          if (target === 'big' || allFail)
            return [500, { type: 'error', error_code: 500, error: 'member unreachable' }];
          return sync({ memory: { used: 1e9, total: 4e9 } });
        case '/1.0/storage-pools/default/resources':
          return sync({ space: { used: 0, total: 100e9 } });
        case '/1.0/profiles/default':
          return sync({ devices: { root: { type: 'disk', path: '/', pool: 'default' } } });
        case '/1.0/instances':
          if (method !== 'POST') break;
          targets.push(target ?? '(none)');
          return sync({});
      }
      return [404, { type: 'error', error_code: 404, error: 'not found' }];
    };
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://lxd');
      if (url.searchParams.get('target') === 'hung' && request.method === 'GET') {
        hungOpen += 1;
        request.socket.on('close', () => (hungOpen -= 1));
        return; // never answers
      }
      const [status, body] = answer(request.method ?? 'GET', url);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(socket, resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves out a member that fails or hangs (with a warning); a burst shares one reading and spreads', async () => {
    const warnings: string[] = [];
    const driver = createLxdDriver(new LxdClient({ socketPath: socket }), {
      warn: (message) => warnings.push(message),
      memberReadMs: 300,
    });
    await Promise.all([
      driver.create({ name: 'one', image: 'x', cpu: 1, memoryMb: 128, diskGb: 5, environment: {} }),
      driver.create({ name: 'two', image: 'x', cpu: 1, memoryMb: 128, environment: {} }),
    ]);
    expect([...targets].sort()).toEqual(['a', 'b']);
    expect(warnings.sort()).toEqual([
      expect.stringMatching(/member big did not say its capacity .*left out of placement/),
      expect.stringMatching(/member hung did not say its capacity \(no answer within 300 ms\)/),
    ]);
    // The requests to the hung member were given up, not left holding a socket for two minutes.
    await expect.poll(() => hungOpen).toBe(0);
  });

  it('when no member says its capacity, LXD places the container, and the next create reads again', async () => {
    const warnings: string[] = [];
    const driver = createLxdDriver(new LxdClient({ socketPath: socket }), {
      warn: (message) => warnings.push(message),
      memberReadMs: 300,
    });
    targets.length = 0;
    allFail = true;
    await driver.create({ name: 'three', image: 'x', cpu: 1, memoryMb: 128, environment: {} });
    expect(targets).toEqual(['(none)']);
    expect(warnings).toContainEqual('No LXD cluster member said its capacity: LXD places the container');
    // Nothing was kept from that reading: once the members answer, the next create uses them.
    allFail = false;
    await driver.create({ name: 'four', image: 'x', cpu: 1, memoryMb: 128, environment: {} });
    expect(targets[1]).toMatch(/^[ab]$/);
  });
});
