import { apiKeyListResponseSchema } from '@nuvem/contracts/applications';
import { describe, expect, it } from 'vitest';
import { testDriver, useTestApp } from '../../test/helper.testing.js';
import { userWithKey, withKey } from './applications-client.testing.js';

/** The usage count of the one key of the application, as its owner sees it. */
async function usageCount(api: Awaited<ReturnType<typeof userWithKey>>['api'], applicationId: string) {
  const { keys } = apiKeyListResponseSchema.parse((await api.get(`/applications/${applicationId}/keys`)).json());
  return keys[0]?.usage_count ?? 0;
}

/** Waits (polling, no sleep-and-hope) until `check` holds, or fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Two instances: api-keys-shared.postgres.test.ts.
describe(`API key usage written on its own after USAGE_FLUSH_INTERVAL_MS, ${testDriver}`, () => {
  const t = useTestApp({
    config: { apiKeys: { rateLimits: { standard: 60, premium: 600, enterprise: 6000 }, usageFlushIntervalMs: 1000 } },
  });

  it('writes the batched counts every USAGE_FLUSH_INTERVAL_MS without being asked', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    for (let i = 0; i < 2; i++) expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(200);
    // No flushUsage() here: the instance writes them an interval after the first count.
    await eventually(async () => (await usageCount(api, application.id)) === 2);
  });
});
