import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** Drops every connection and refuses new ones, as when the upstream server goes away. */
  cut(): void;
  /** Keeps connections open but holds everything back, as a stalled server or network does. */
  blackhole(): void;
  /** Forwards again, what was held back first (as TCP delivers late data), and accepts connections. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `target`, which a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'pass' | 'cut' | 'blackhole' = 'pass';
  const pairs = new Set<[Socket, Socket]>();
  const held: { to: Socket; chunk: Buffer }[] = [];
  const server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (mode === 'pass') to.write(chunk);
        else held.push({ to, chunk });
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    held.length = 0;
  };
  return {
    port,
    cut() {
      mode = 'cut';
      dropAll();
    },
    blackhole() {
      mode = 'blackhole';
    },
    restore() {
      mode = 'pass';
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
