import { existsSync } from 'node:fs';
import type { AppConfig } from '../../config.js';
import type { ContainerDriver } from './drivers/container-driver.js';
import { createDemoDriver } from './drivers/demo-driver.js';
import { LxdClient } from './drivers/lxd-client.js';
import { createLxdDriver } from './drivers/lxd-driver.js';

/**
 * CONTAINER_DRIVER: `lxd`, `demo`, or `auto` (LXD when it answers, else the demo driver). LXD is
 * reached at LXD_URL over HTTPS with a client certificate when set, otherwise at LXD_SOCKET.
 */
export async function selectContainerDriver(config: AppConfig['containers']): Promise<ContainerDriver> {
  if (config.driver === 'demo') return createDemoDriver();
  const remote = config.lxdRemote;
  const client = new LxdClient(
    remote
      ? {
          url: remote.url,
          cert: remote.cert,
          key: remote.key,
          ...(remote.ca ? { ca: remote.ca } : {}),
          requestTimeoutMs: 120_000,
        }
      : { socketPath: config.lxdSocket, requestTimeoutMs: 120_000 },
  );
  if (config.driver === 'lxd') return createLxdDriver(client);
  if (!remote && !existsSync(config.lxdSocket)) return createDemoDriver();
  try {
    await client.call('GET', '/1.0');
    return createLxdDriver(client);
  } catch {
    return createDemoDriver();
  }
}
