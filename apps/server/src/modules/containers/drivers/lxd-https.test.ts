import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { selectContainerDriver } from '../select-driver.js';
import { LxdClient } from './lxd-client.js';

// scripts/lxd-setup.sh opens the daemon's HTTPS API on 127.0.0.1:8443 and trusts this client certificate.
const tlsDir = process.env.LXD_TLS_DIR ?? '/tmp/nuvem-lxd-tls';
const url = process.env.TEST_LXD_URL ?? 'https://127.0.0.1:8443';
const files = { cert: join(tlsDir, 'client.crt'), key: join(tlsDir, 'client.key'), ca: join(tlsDir, 'server.crt') };
const available = Object.values(files).every((file) => existsSync(file));
const image = process.env.LXD_TEST_IMAGE ?? 'nuvem-test';

describe.runIf(available)('LXD over HTTPS with a client certificate (LXD_URL)', () => {
  it('is trusted with the configured certificate and refuses a daemon it cannot verify', async () => {
    const client = new LxdClient({
      url,
      cert: readFileSync(files.cert),
      key: readFileSync(files.key),
      ca: readFileSync(files.ca),
    });
    expect(await client.call('GET', '/1.0')).toMatchObject({ auth: 'trusted' });

    // Pinning the wrong certificate as the daemon's: the TLS handshake fails, nothing is sent.
    const wrongPin = new LxdClient({
      url,
      cert: readFileSync(files.cert),
      key: readFileSync(files.key),
      ca: readFileSync(files.cert),
    });
    await expect(wrongPin.call('GET', '/1.0')).rejects.toThrow(/LXD request failed/);
  });

  it('drives a container through the configured remote: create, run, read state, delete', async () => {
    const config = loadConfig({
      CONTAINER_DRIVER: 'auto',
      LXD_SOCKET: '/nonexistent/unix.socket',
      LXD_URL: url,
      LXD_CLIENT_CERT: files.cert,
      LXD_CLIENT_KEY: files.key,
      LXD_SERVER_CERT: files.ca,
      LXD_IMAGE_MAP: JSON.stringify({ '*': image }),
    });
    const driver = await selectContainerDriver(config.containers);
    expect(driver.kind).toBe('lxd');
    // Without the templates' image, `auto` would fail every creation: it keeps to the demo driver.
    const warnings: string[] = [];
    const withoutImage = await selectContainerDriver(
      { ...config.containers, imageMap: { '': 'no-such-image' } },
      { warn: (message) => warnings.push(message) },
    );
    expect(withoutImage.kind).toBe('demo');
    expect(warnings[0]).toContain("LXD answers but has no image 'no-such-image'");
    const name = `nuvem-h-${randomBytes(4).toString('hex')}`;
    try {
      await driver.create({ name, image, cpu: 1, memoryMb: 128, diskGb: 10, environment: {} });
      await driver.start(name);
      expect((await driver.state(name)).status).toBe('running');
      expect((await driver.exec(name, ['echo', 'over https'])).stdout).toBe('over https\n');
    } finally {
      await driver.delete(name);
    }
    await expect(driver.state(name)).rejects.toMatchObject({ notFound: true });
  });
});

describe('LXD_URL configuration', () => {
  it('needs the client certificate and key, and names unreadable files', () => {
    expect(() => loadConfig({ LXD_URL: 'https://lxd.example:8443' })).toThrow(/LXD_URL: needs LXD_CLIENT_CERT/);
    expect(() =>
      loadConfig({
        LXD_URL: 'https://lxd.example:8443',
        LXD_CLIENT_CERT: '/no/cert.pem',
        LXD_CLIENT_KEY: '/no/key.pem',
      }),
    ).toThrow(/LXD_CLIENT_CERT: cannot read \/no\/cert.pem/);
    expect(() => loadConfig({ LXD_URL: 'http://lxd.example:8443' })).toThrow(/LXD_URL: must be an https:\/\/ URL/);
    expect(loadConfig({}).containers.lxdRemote).toBeNull();
  });
});
