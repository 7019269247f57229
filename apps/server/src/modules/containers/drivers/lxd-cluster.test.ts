// Against a real two-member LXD cluster (scripts/lxd-cluster-setup.sh: daemons c1 and c2 beside the
// machine's own, at /var/lib/lxd-c1 and /var/lib/lxd-c2): containers are placed across the members
// by free capacity, and each works wherever it landed.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
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
