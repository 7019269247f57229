import { applicationCreatedResponseSchema } from '@nuvem/contracts/applications';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asUser } from './applications-client.testing.js';

const verify = (app: App, clientId: string, clientSecret: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/applications/verify-client',
    remoteAddress,
    payload: { client_id: clientId, client_secret: clientSecret },
  });

async function newClient(app: App) {
  const user = asUser(app, await registerUser(app));
  const created = applicationCreatedResponseSchema.parse((await user.post('/applications', { name: 'race' })).json());
  return { clientId: created.application.client_id, secret: created.clientSecret };
}

// The counts live in memory, or in Redis shared by instances (where the race was seen).
const stores = [null, ...(process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [])];
for (const redisUrl of stores) {
  describe(`verify-client limits on ${testDriver}, counts in ${redisUrl ? 'Redis' : 'memory'}`, () => {
    const t = useTestApp({ config: { redisUrl } });

    it('checks at most 10 wrong secrets a minute for one client id and address, even sent all at once', async () => {
      const { clientId } = await newClient(t.app);
      const address = `198.51.100.${redisUrl ? 61 : 60}`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => verify(t.app, clientId, 'nuvs_guess', address)),
      );
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 401)).toHaveLength(10);
      expect(codes.filter((code) => code === 429)).toHaveLength(20);
    });

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      const { clientId } = await newClient(t.app);
      const prefix = redisUrl ? '2001:db8:61:1' : '2001:db8:60:1';
      for (let i = 1; i <= 10; i++) {
        expect((await verify(t.app, clientId, 'nuvs_guess', `${prefix}::${i.toString(16)}`)).statusCode).toBe(401);
      }
      expect((await verify(t.app, clientId, 'nuvs_guess', `${prefix}:abcd::1`)).statusCode).toBe(429);
      // Another /64 is another client.
      expect((await verify(t.app, clientId, 'nuvs_guess', `${prefix.replace(/1$/, '2')}::1`)).statusCode).toBe(401);
    });
  });
}
