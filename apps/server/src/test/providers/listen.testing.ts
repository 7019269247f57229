import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on a free loopback port. */
export async function listenOnFreePort(
  handler: RequestListener,
  port = 0,
): Promise<RunningServer & { server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Reserves a free loopback port number (for a server that must know its address before it starts). */
export async function freePort(): Promise<number> {
  const probe = await listenOnFreePort((_req, res) => res.end());
  const port = Number(new URL(probe.url).port);
  await probe.close();
  return port;
}
