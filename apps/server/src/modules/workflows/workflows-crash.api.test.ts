import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Execution } from '@nuvem/contracts/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  seedPgliteDir,
  testDriver,
  testOrigin,
  type TestDatabase,
} from '../../test/helper.testing.js';
import { startOpenAiCompatibleServer } from '../../test/openai-compatible-server.testing.js';
import { listeningUrl, spawnServer, type ServerProcess } from '../../test/server-process.testing.js';

/**
 * A server process killed with SIGKILL in the middle of a run, then started again on the same
 * database: the run never stays `running`. With PGlite (one process per database) the new process
 * takes it up at once and it goes on from its last saved step to `completed`; with PostgreSQL (other
 * instances may hold it) its job is taken over once the dead instance has been silent for 12 s, and
 * with its time (5 s) spent by then it ends `failed`, saying why.
 */
describe(`a crash during a workflow run, on ${testDriver}`, () => {
  let database: TestDatabase;
  let dataDir = '';
  let env: Record<string, string> = {};
  let server: ServerProcess | null = null;
  let model: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;

  const start = async () => {
    server = spawnServer(env);
    return listeningUrl(server);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'nuvem-wf-crash-'));
    if (testDriver === 'pglite') await seedPgliteDir(join(dataDir, 'pglite'));
    // Each step streams for about a second, so the kill lands between steps.
    model = await startOpenAiCompatibleServer({
      kind: 'stream',
      pieces: ['one ', 'two ', 'three ', 'four '],
      delayMs: 250,
    });
    env = {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'local-model',
      QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
      QUEUE_POLLING_INTERVAL_SECONDS: '0.5',
      METRICS_SAMPLE_INTERVAL_MS: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // One run slot: a second run waits on the instance for it (its job taken, the run queued).
      WORKFLOW_CONCURRENCY: '1',
      PUBLIC_URL: testOrigin,
      ...(database.config.driver === 'postgres' ? { DATABASE_URL: database.config.url } : { DATA_DIR: dataDir }),
    };
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await model.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes or fails clearly after a restart, never hanging in running', async () => {
    let base = await start();
    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({
        email: `wf-crash-${String(Date.now())}@example.com`,
        password: 'correct horse battery',
        displayName: 'Crash',
      }),
    });
    expect(register.status).toBe(201);
    const cookie =
      register.headers
        .getSetCookie()
        .find((c) => c.startsWith('nuvem_session='))
        ?.split(';')[0] ?? '';
    const headers = { cookie, origin: testOrigin, 'content-type': 'application/json' };
    const flow = await fetch(`${base}/api/mlm/flows`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Three slow steps',
        // Room for the restart on PGlite; on PostgreSQL the run's time is spent when its job is taken over.
        timeout_ms: testDriver === 'pglite' ? 60_000 : 5_000,
        nodes: [
          { id: 'a', name: 'A', agent_id: 'agent_business' },
          { id: 'b', name: 'B', agent_id: 'agent_development' },
          { id: 'c', name: 'C', agent_id: 'agent_marketing' },
        ],
        edges: [
          { source: 'a', target: 'b' },
          { source: 'b', target: 'c' },
        ],
      }),
    });
    expect(flow.status).toBe(201);
    const { id: flowId } = (await flow.json()) as { id: string };
    const execute = await fetch(`${base}/api/mlm/flows/${flowId}/execute`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ input: 'Plan the launch of the backup service' }),
    });
    expect(execute.status).toBe(202);
    const { id: firstId } = (await execute.json()) as { id: string };
    const readRun = async (which: string) =>
      (await (await fetch(`${base}/api/mlm/executions/${which}`, { headers })).json()) as Execution;
    // A second run, queued for the one slot when the process dies. Both jobs may be fetched in one
    // batch, so either may take the slot first: the one that saved step a is the running one.
    const second = await fetch(`${base}/api/mlm/flows/${flowId}/execute`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ input: 'Plan the launch of the archive service' }),
    });
    expect(second.status).toBe(202);
    const { id: secondId } = (await second.json()) as { id: string };
    const stepADone = (run: Execution) => run.steps.some((step) => step.node_id === 'a' && step.status === 'completed');

    // Killed once the first step of the running one is done (and saved) and its second is under way.
    let id = firstId;
    let queuedId = secondId;
    for (let i = 0; i < 300; i++) {
      if (stepADone(await readRun(firstId))) break;
      if (stepADone(await readRun(secondId))) {
        [id, queuedId] = [secondId, firstId];
        break;
      }
      await delay(50);
    }
    const read = async (which = id) => readRun(which);
    await delay(300);
    expect((await read(queuedId)).status).toBe('queued');
    server?.child.kill('SIGKILL');
    await server?.exited;
    server = null;
    const callsBefore = model.received.length;

    base = await start();
    let end = await read();
    const deadline = Date.now() + 45_000;
    while (['queued', 'running'].includes(end.status) && Date.now() < deadline) {
      await delay(250);
      end = await read();
    }
    if (testDriver === 'pglite') {
      expect(end.error).toBeNull();
      // Taken up at once, from the saved first step: it ran b and c, not a again.
      expect(end.status).toBe('completed');
      expect(end.steps.map((step) => [step.node_id, step.status])).toEqual([
        ['a', 'completed'],
        ['b', 'completed'],
        ['c', 'completed'],
      ]);
      // The queued run is taken up after the restart too, not when its job expires (75 s).
      let queued = await read(queuedId);
      while (['queued', 'running'].includes(queued.status) && Date.now() < deadline) {
        await delay(250);
        queued = await read(queuedId);
      }
      expect(queued.status).toBe('completed');
      expect(queued.steps).toHaveLength(3);
      expect(model.received.length - callsBefore).toBe(5);
    } else {
      expect(end.status).toBe('failed');
      expect(end.error).toMatchObject({ code: 'INTERRUPTED' });
      expect(end.error?.message).toMatch(/interrupted by a server restart/);
    }
  }, 90_000);
});
