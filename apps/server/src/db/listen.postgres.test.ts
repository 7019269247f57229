import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.testing.js';
import { openDatabase, type DatabaseHandle } from './client.js';

// Run by the server:postgres project only. The job queue's notices (LISTEN) on PostgreSQL: the
// listening connection is its own, and comes back after it was lost, saying so.
describe('LISTEN on PostgreSQL through a connection that is lost and comes back', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  let notifier: pg.Client;
  const received: string[] = [];
  let reconnects = 0;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const target = new URL(adminUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(adminUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    handle = await openDatabase({ driver: 'postgres', url: viaProxy.toString() });
    stop = await handle.listen(
      'nuvem_listen_test',
      (payload) => received.push(payload),
      () => {
        reconnects += 1;
      },
    );
    notifier = new pg.Client({ connectionString: adminUrl });
    await notifier.connect();
  });
  afterAll(async () => {
    await stop();
    await handle.close();
    await notifier.end();
    await proxy.close();
  });

  it('hears a notice, hears again after the connection came back, and says it came back', async () => {
    await notifier.query(`select pg_notify('nuvem_listen_test', 'first')`);
    await vi.waitFor(() => expect(received).toEqual(['first']), { timeout: 5_000, interval: 20 });

    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Sent while the connection is down: lost (the reconnect callback is how a listener catches up).
    await notifier.query(`select pg_notify('nuvem_listen_test', 'missed')`);
    proxy.restore();
    await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 10_000, interval: 50 });
    await notifier.query(`select pg_notify('nuvem_listen_test', 'second')`);
    await vi.waitFor(() => expect(received).toEqual(['first', 'second']), { timeout: 5_000, interval: 20 });
  });

  it('hears nothing once stopped', async () => {
    await stop();
    await notifier.query(`select pg_notify('nuvem_listen_test', 'after')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).not.toContain('after');
  });
});
