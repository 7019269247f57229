import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { DriverError } from './container-driver.js';
import { LxdClient } from './lxd-client.js';
import { hashRootPassword } from './root-password.js';
import { createLxdDriver, parseInstanceState, toContainerState } from './lxd-driver.js';

const socketPath = process.env.TEST_LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
const lxdAvailable = existsSync(socketPath);
const image = process.env.LXD_TEST_IMAGE ?? 'nuvem-test';

describe('LXD instance state', () => {
  it('reads a counter LXD cannot read (-1, as while an instance stops) as unknown, not as an error', () => {
    const parsed = parseInstanceState({
      status: 'Stopped',
      cpu: { usage: -1 },
      memory: { usage: -1 },
      processes: -1,
      disk: { root: { usage: -1 } },
      network: null,
    });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(toContainerState(parsed.data, {})).toMatchObject({
      status: 'stopped',
      cpuNs: 0,
      memoryBytes: 0,
      processes: 0,
      diskBytes: 0,
    });
  });
});

// One container walks through its whole life in order, so the steps share it and run sequentially.
describe.runIf(lxdAvailable)('LXD driver against the real daemon', () => {
  const client = new LxdClient({ socketPath });
  const driver = createLxdDriver(client, { stopTimeoutSeconds: 10 });
  const name = `nuvem-t-${randomBytes(4).toString('hex')}`;

  const shadowRootLine = async () => {
    const result = await driver.exec(name, ['grep', '^root:', '/etc/shadow']);
    expect(result.exitCode).toBe(0);
    return result.stdout.trim();
  };

  afterAll(async () => {
    await driver.delete(name);
  });

  it('creates and starts a container that reports live usage', async () => {
    await driver.create({ name, image, cpu: 1, memoryMb: 128, diskGb: 10, environment: { FOO: 'from-spec' } });
    const rootDisk = async () =>
      ((await client.call('GET', `/1.0/instances/${name}`)) as { devices: Record<string, Record<string, string>> })
        .devices.root;
    expect(await rootDisk()).toMatchObject({ type: 'disk', path: '/', pool: 'default', size: '10GB' });
    await driver.start(name);
    const state = await driver.state(name);
    expect(state).toMatchObject({ status: 'running', memoryLimitBytes: 128_000_000, ipAddress: null });
    expect(state.processes).toBeGreaterThan(0);
    expect(state.memoryBytes).toBeGreaterThan(0);
    expect(state.cpuNs).toBeGreaterThan(0);
    // The sampler's bulk read (recursion=2): the same instance, in the one listing.
    const listed = (await driver.states()).get(name);
    expect(listed).toMatchObject({ status: 'running', memoryLimitBytes: 128_000_000 });
    expect(listed?.cpuNs).toBeGreaterThan(0);
  });

  it('runs commands with the instance environment, exit code and both streams', async () => {
    const result = await driver.exec(name, ['sh', '-c', 'echo $FOO $EXTRA; echo oops >&2; exit 3'], { EXTRA: 'x1' });
    expect(result).toEqual({ exitCode: 3, stdout: 'from-spec x1\n', stderr: 'oops\n' });
  });

  it('pushes files, creating missing directories', async () => {
    await driver.pushFile(name, '/tmp/hello.txt', 'hello\nworld\n');
    expect((await driver.exec(name, ['cat', '/tmp/hello.txt'])).stdout).toBe('hello\nworld\n');

    await driver.pushFile(name, '/root/.ssh/authorized_keys', Buffer.from('ssh-ed25519 AAAA test\n'), 0o600);
    const listing = await driver.exec(name, ['sh', '-c', 'cat /root/.ssh/authorized_keys; stat -c %a /root/.ssh']);
    expect(listing.stdout).toBe('ssh-ed25519 AAAA test\n700\n');

    // Overwrites, and an existing directory is fine.
    await driver.pushFile(name, '/root/.ssh/authorized_keys', 'replaced\n', 0o600);
    expect((await driver.exec(name, ['cat', '/root/.ssh/authorized_keys'])).stdout).toBe('replaced\n');
  });

  it('reads the console log', async () => {
    // busybox init prints a heartbeat every 5 s; poll instead of sleeping a fixed time.
    const deadline = Date.now() + 8_000;
    let lines = await driver.consoleLog(name, 50);
    while (!lines.includes('heartbeat') && Date.now() < deadline) {
      await delay(250);
      lines = await driver.consoleLog(name, 50);
    }
    expect(lines).toContain('heartbeat');
    // LXD hands out each console byte once; earlier lines must still be there on the next read.
    expect(await driver.consoleLog(name, 1)).toEqual(['heartbeat']);
    expect(await driver.consoleLog(name, 50)).toContain('heartbeat');
  });

  it('snapshots and changes limits live', async () => {
    await driver.snapshot(name, 'snap0');
    const snapshots = await client.call('GET', `/1.0/instances/${name}/snapshots`);
    expect(snapshots).toEqual([`/1.0/instances/${name}/snapshots/snap0`]);

    await driver.setLimits(name, { cpu: 2, memoryMb: 256, diskGb: 50 });
    const instance = (await client.call('GET', `/1.0/instances/${name}`)) as {
      config: Record<string, string>;
      devices: Record<string, Record<string, string>>;
    };
    expect(instance.config).toMatchObject({ 'limits.cpu': '2', 'limits.memory': '256MB' });
    expect(instance.devices.root).toMatchObject({ pool: 'default', size: '50GB' });
    const state = await driver.state(name);
    expect(state.status).toBe('running');
    expect(state.memoryLimitBytes).toBe(256_000_000);
    // PATCH merges: the environment set at creation survives.
    expect((await driver.exec(name, ['sh', '-c', 'echo $FOO'])).stdout).toBe('from-spec\n');
  });

  it('sets the root password as a SHA-512 hash in /etc/shadow', async () => {
    const before = await shadowRootLine();
    await driver.setRootPasswordHash(name, await hashRootPassword('correct horse $battery'));
    const after = await shadowRootLine();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^root:\$6\$[./0-9A-Za-z]+\$[./0-9A-Za-z]{86}:19000:/);
    await expect(hashRootPassword('two\nlines')).rejects.toBeInstanceOf(DriverError);
    // Anything but a SHA-512 crypt hash is refused before it reaches the container.
    await expect(driver.setRootPasswordHash(name, "x'; rm -rf /")).rejects.toBeInstanceOf(DriverError);
  });

  it('restarts, stops idempotently and deletes idempotently', async () => {
    await driver.restart(name);
    expect((await driver.state(name)).status).toBe('running');

    await driver.stop(name);
    const stopped = await driver.state(name);
    expect(stopped).toMatchObject({ status: 'stopped', processes: 0, memoryBytes: 0 });
    await driver.stop(name);
    await driver.stop(name, { force: true });

    await driver.start(name);
    await driver.start(name); // already running is success too
    // busybox needs ~2.6 s to shut down: a 1 s graceful stop times out and must be retried with force.
    await createLxdDriver(client, { stopTimeoutSeconds: 1 }).stop(name);
    expect((await driver.state(name)).status).toBe('stopped');

    await driver.start(name);
    await driver.delete(name); // running: stopped first
    await expect(driver.state(name)).rejects.toMatchObject({ notFound: true });
    await driver.delete(name);
  });

  it('rejects with notFound for a missing container', async () => {
    const error: unknown = await driver.state(`${name}-missing`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriverError);
    expect(error).toMatchObject({ notFound: true });
    await expect(driver.exec(`${name}-missing`, ['true'])).rejects.toMatchObject({ notFound: true });
  });
});
