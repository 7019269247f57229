import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { oauthStates } from '../../db/schema/oauth-states.js';
import { sessions } from '../../db/schema/sessions.js';
import { newId } from '../../lib/ids.js';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { createAuthRepository } from './auth.repository.js';
import { createSessionPurge } from './session-purge.js';
import type { App } from '../../types.js';

describe(`purging expired sessions on ${testDriver}`, () => {
  const t = useTestApp({ config: { sessionPurgeIntervalMs: 0 } });

  it('deletes expired sessions and sign-in states, and keeps live ones', async () => {
    const expired = await registerUser(t.app);
    const live = await registerUser(t.app);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    const state = { provider: 'github', browserHash: 'h', codeVerifier: 'v', nonce: 'n', redirectTo: '/' };
    await t.app.db.insert(oauthStates).values([
      { ...state, stateHash: 'old', expiresAt: new Date(Date.now() - 1000) },
      { ...state, stateHash: 'new', expiresAt: new Date(Date.now() + 60_000) },
    ]);

    const purge = createSessionPurge({ repo: createAuthRepository(t.app.db), log: t.app.log });
    await purge.run();

    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, expired.id))).toHaveLength(0);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, live.id))).toHaveLength(1);
    expect((await t.app.db.select().from(oauthStates)).map((s) => s.stateHash)).toEqual(['new']);
    // The live session still works.
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: live.cookie } });
    expect(me.statusCode).toBe(200);
  });
});

describe(`the purge schedule on ${testDriver}`, () => {
  const expire = async (app: App, userId: string) => {
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
  };
  let leftOver = '';
  const t = useTestApp({
    config: { sessionPurgeIntervalMs: 1_000 },
    // Before the server is ready: a session that expired while it was down.
    setup: async (app) => {
      const user = await createAuthRepository(app.db).insertUser({ id: newId('user'), email: 'old@example.com' });
      leftOver = user.id;
      await app.db.insert(sessions).values({
        id: newId('session'),
        userId: user.id,
        tokenHash: 'a'.repeat(64),
        accessTokenHash: 'b'.repeat(64),
        expiresAt: new Date(Date.now() - 1000),
      });
    },
  });
  it('purges once when the server starts', async () => {
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, leftOver))).toHaveLength(0);
  });

  it('then purges every interval, as a job of the queue', async () => {
    const user = await registerUser(t.app);
    await expire(t.app, user.id);
    await vi.waitFor(
      async () => expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0),
      { timeout: 15_000, interval: 200 },
    );
    const runs = await t.app.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'auth.session-purge' and state = 'completed'`,
    );
    expect(Number(runs.rows[0]?.n)).toBeGreaterThan(0);
  });
});
