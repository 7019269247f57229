import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, type RunningServer } from '../../test/providers/listen.testing.js';
import { createEcosystemService, defaultCheckOptions } from './ecosystem.service.js';

describe('the ecosystem checks’ cache', () => {
  let target: RunningServer;
  let hits = 0;
  let up = true;

  beforeAll(async () => {
    target = await listenOnFreePort((_req, res) => {
      hits += 1;
      res.writeHead(up ? 200 : 502).end();
    });
  });
  afterAll(async () => {
    await target.close();
  });

  it('answers from the last round for a minute, then from it once more while the next one runs', async () => {
    let clock = 1_000_000;
    const service = createEcosystemService(
      [
        {
          id: 'crm',
          name: 'CRM',
          description: 'Customers',
          icon: 'contact',
          color: '#10b981',
          url: `${target.url}/`,
          status: 'active',
        },
      ],
      {
        portalOrigin: 'http://localhost:3000',
        log: pino({ level: 'silent' }),
        // Generous timeouts: this test is about the cache, not about a busy machine's loopback.
        options: { ...defaultCheckOptions, timeoutMs: 10_000, listWaitMs: 10_000, now: () => clock },
      },
    );
    try {
      expect((await service.list())[0]?.reachability).toBe('operational');
      up = false;
      clock += 59_000;
      expect((await service.list())[0]?.reachability).toBe('operational');
      expect(hits).toBe(1);

      clock += 1_000;
      // Stale: the list does not wait for the new round (it has a result to show)...
      expect((await service.list())[0]).toMatchObject({
        reachability: 'operational',
        checked_at: new Date(1_000_000).toISOString(),
      });
      await service.refresh(); // ...which it started, and which a 5xx answer fails.
      expect(hits).toBe(2);
      expect((await service.list())[0]).toMatchObject({ status: 'degraded', reachability: 'unreachable' });
    } finally {
      await service.close();
    }
  });
});
