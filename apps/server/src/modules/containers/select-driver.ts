import { existsSync } from 'node:fs';
import type { AppConfig } from '../../config.js';
import type { ContainerDriver } from './drivers/container-driver.js';
import { createDemoDriver } from './drivers/demo-driver.js';
import { LxdClient } from './drivers/lxd-client.js';
import { createLxdDriver } from './drivers/lxd-driver.js';

/** The image a template without its own LXD_IMAGE_MAP entry uses. */
export function defaultImage(config: AppConfig['containers']): string {
  return config.imageMap[''] ?? 'ubuntu/24.04';
}

/**
 * CONTAINER_DRIVER: `lxd`, `demo`, or `auto`: LXD when it answers and holds the default template
 * image (else every container would end in error), otherwise the demo driver, saying why. LXD is
 * reached at LXD_URL over HTTPS with a client certificate when set, otherwise at LXD_SOCKET.
 */
export async function selectContainerDriver(
  config: AppConfig['containers'],
  log?: { warn(message: string): void },
): Promise<ContainerDriver> {
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
  const warn = (message: string) => log?.warn(message);
  if (config.driver === 'lxd') return createLxdDriver(client, { warn });
  if (!remote && !existsSync(config.lxdSocket)) return createDemoDriver();
  try {
    await client.call('GET', '/1.0');
  } catch {
    return createDemoDriver();
  }
  const image = defaultImage(config);
  try {
    await client.call('GET', `/1.0/images/aliases/${encodeURIComponent(image)}`);
  } catch {
    log?.warn(
      `LXD answers but has no image '${image}' for the container templates: using the demo driver. Import the image into LXD (or point LXD_IMAGE_MAP at one it has), or set CONTAINER_DRIVER=lxd to use LXD anyway.`,
    );
    return createDemoDriver();
  }
  return createLxdDriver(client, { warn });
}
