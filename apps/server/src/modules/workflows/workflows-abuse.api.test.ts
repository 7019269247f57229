import type { Execution, FlowBody } from '@nuvem/contracts/workflows';
import { flowLimits } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { createWorkflowsRepository } from './workflows.repository.js';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { mlm } from './mlm-client.testing.js';

// Issue 29: what one account can start is bounded and shared. A run's steps are appended (a
// checkpoint never rewrites the run's history), a run has a budget, and the instance's run slots
// go round the users, so a user with nothing in flight is served before another's queue.

/** The attacker's flow of the issue: a -> b -> a, bounded by max_steps. */
const loop = (maxSteps: number): FlowBody => ({
  name: 'Loop',
  nodes: [
    { id: 'a', name: 'A', agent_id: 'agent_business', next_actions: { default: 'b' } },
    { id: 'b', name: 'B', agent_id: 'agent_development', next_actions: { default: 'a' } },
  ],
  start_node_id: 'a',
  max_steps: maxSteps,
});
const longInput =
  `Plan the launch of our backup service for small teams. ${'We want more sign-ups this quarter. '.repeat(55)}`.slice(
    0,
    2_000,
  );

describe(`a run's steps and budget, on ${testDriver}`, () => {
  // Three finished runs kept per user (50 by default).
  const t = useTestApp({
    config: { workflows: { llm: null, concurrency: 50, executionsPerMinute: 120, runsPerUser: 10, runsKept: 3 } },
  });

  it('refuses the saves of a worker whose run was taken over (its instance taken for dead while it was only slow)', async () => {
    const user = await registerUser(t.app);
    const me = mlm(t.app, user);
    const flow = await me.createOk(loop(2));
    const run = await me.start(flow.id, 'fenced');
    await me.finished(run.id);
    const repo = createWorkflowsRepository(t.app.db);
    await t.app.database.executeSql("update workflow_executions set status = 'queued', attempts = 0 where id = $1", [
      run.id,
    ]);
    const slow = await repo.claimExecution(run.id);
    const other = await repo.claimExecution(run.id);
    expect([slow?.attempts, other?.attempts]).toEqual([1, 2]);
    const base = { store: { input: 'fenced' }, currentNodeId: 'a', currentAgentId: null, tokensUsed: 0, steps: [] };
    const end = { status: 'completed' as const, error: null, store: {}, tokensUsed: 0, steps: [] };
    // The slow worker: its save and its end are refused, and it learns why.
    expect(await repo.checkpoint(run.id, { ...base, attempt: 1 })).toBe(false);
    expect(await repo.finishExecution(run.id, { ...end, output: 'from the slow worker', attempt: 1 })).toBe(false);
    expect(await repo.supersededSince(run.id, 1)).toBe(true);
    // The worker that took it over writes as before.
    expect(await repo.supersededSince(run.id, 2)).toBe(false);
    expect(await repo.checkpoint(run.id, { ...base, attempt: 2 })).toBe(true);
    expect(await repo.finishExecution(run.id, { ...end, output: 'from the new worker', attempt: 2 })).toEqual([]);
    expect((await repo.findExecution(run.id, user.id))?.output).toBe('from the new worker');
  });

  it('saves a step by appending its row: the rows saved before are never written again', async () => {
    const user = await registerUser(t.app);
    const me = mlm(t.app, user);
    const flow = await me.createOk(loop(4));
    const run = await me.start(flow.id, longInput);
    const done = await me.finished(run.id);
    expect(done.steps).toHaveLength(4);

    // The repository's checkpoint, as a run makes it: after two saves, the first step's row is
    // the same row version (xmin) it was when it was first written.
    const repo = createWorkflowsRepository(t.app.db);
    const other = await me.start(flow.id, longInput);
    await me.finished(other.id);
    // Back to running, with no steps, as a run that has only just been taken up.
    await t.app.database.executeSql("update workflow_executions set status = 'running' where id = $1", [other.id]);
    await t.app.database.executeSql('delete from workflow_execution_steps where execution_id = $1', [other.id]);
    const [first, second, third] = done.steps.map((step) => ({ ...step }));
    const base = { store: { input: longInput }, currentNodeId: 'a', currentAgentId: null, tokensUsed: 0 };
    expect(await repo.checkpoint(other.id, { ...base, steps: [first!] })).toBe(true);
    const version = async (index: number) =>
      (
        await t.app.database.executeSql(
          'select xmin::text as v from workflow_execution_steps where execution_id = $1 and index = $2',
          [other.id, index],
        )
      ).rows[0]?.v;
    const firstVersion = await version(0);
    expect(firstVersion).toBeDefined();
    // The next save writes the next steps only (the one under way is replaced when it ends).
    expect(await repo.checkpoint(other.id, { ...base, steps: [{ ...second!, status: 'running' }] })).toBe(true);
    expect(await repo.checkpoint(other.id, { ...base, steps: [second!, third!] })).toBe(true);
    expect(await version(0)).toBe(firstVersion);
    const saved = await repo.findExecution(other.id, user.id);
    expect(saved?.steps.map((step) => [step.index, step.status])).toEqual([
      [0, 'completed'],
      [1, 'completed'],
      [2, 'completed'],
    ]);
    // A run that ends drops the row of a step that was under way.
    await repo.checkpoint(other.id, { ...base, steps: [{ ...done.steps[3]!, status: 'running' }] });
    expect(
      await repo.finishExecution(other.id, {
        status: 'failed',
        output: null,
        error: { code: 'RUN_TIMEOUT', message: 'x', node_id: 'b' },
        store: {},
        tokensUsed: 0,
        steps: [],
        stepCount: 3,
      }),
    ).toEqual([]);
    expect((await me.get(other.id)).steps).toHaveLength(3);
  });

  it("keeps a user's newest finished runs and drops the older ones with their steps", async () => {
    const user = await registerUser(t.app);
    const me = mlm(t.app, user);
    const other = mlm(t.app, await registerUser(t.app));
    const flow = await me.createOk(loop(2));
    const othersRun = await other.finished((await other.start((await other.createOk(loop(2))).id, 'hi')).id);
    const runs: string[] = [];
    for (let i = 0; i < 5; i += 1) runs.push((await me.finished((await me.start(flow.id, `run ${String(i)}`)).id)).id);
    // Older runs go once the last one's end has been told (its events, then the pruning).
    const list = async () => (await me.call('GET', `/flows/${flow.id}/executions`)).json<{ executions: Execution[] }>();
    let listed = await list();
    for (let i = 0; i < 200 && listed.executions.length > 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      listed = await list();
    }
    expect(listed.executions.map((run) => run.id).sort()).toEqual(runs.slice(2).sort());
    // The list says how the runs stand; their steps (up to a text budget each) are read one by one.
    expect(listed.executions.map((run) => run.steps)).toEqual([[], [], []]);
    expect((await me.get(runs[4] ?? '')).steps).toHaveLength(2);
    expect((await me.call('GET', `/executions/${runs[0] ?? ''}`)).statusCode).toBe(404);
    const { rows } = await t.app.database.executeSql(
      'select count(*)::int as n from workflow_execution_steps where execution_id = any($1::text[])',
      [runs.slice(0, 2)],
    );
    expect(rows[0]?.n).toBe(0);
    // Another user's runs are theirs to keep.
    expect((await other.get(othersRun.id)).status).toBe(othersRun.status);
  });

  it('says the step bound in the 400 that refuses a flow over it', async () => {
    const me = mlm(t.app, await registerUser(t.app));
    const res = await me.call('POST', '/flows', loop(flowLimits.maxStepsMax + 1));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`at most ${String(flowLimits.maxStepsMax)} steps`);
    expect(res.body).toContain('1,000,000 characters');
  });

  it('ends a loop run at its step bound, every step saved in order', async () => {
    const me = mlm(t.app, await registerUser(t.app));
    const flow = await me.createOk(loop(60));
    const run = await me.finished((await me.start(flow.id, longInput)).id);
    expect(run.status).toBe('failed');
    expect(run.error?.code).toBe('MAX_STEPS');
    expect(run.steps.map((step) => step.index)).toEqual(Array.from({ length: 60 }, (_, index) => index));
    const { rows } = await t.app.database.executeSql(
      'select count(*)::int as n from workflow_execution_steps where execution_id = $1',
      [run.id],
    );
    expect(rows[0]?.n).toBe(60);
  });
});

describe(`fair run slots, on ${testDriver}`, () => {
  // Two slots: one user's ten long runs would fill them for a while.
  const t = useTestApp({
    config: { workflows: { llm: null, concurrency: 2, executionsPerMinute: 1_000, runsPerUser: 10, runsKept: 50 } },
  });

  it("starts another user's one-node run while one user's ten loop runs hold every slot", async () => {
    const heavy = mlm(t.app, await registerUser(t.app));
    const victim = mlm(t.app, await registerUser(t.app));
    const loopFlow = await heavy.createOk(loop(200));
    const oneNode = await victim.createOk({
      name: 'One',
      nodes: [{ id: 'only', name: 'Only', agent_id: 'agent_marketing' }],
    });
    const runs: Execution[] = [];
    for (let i = 0; i < 10; i += 1) runs.push(await heavy.start(loopFlow.id, longInput));
    // Both slots busy with the heavy user's runs before the victim asks.
    const deadline = Date.now() + 30_000;
    while (
      (await Promise.all(runs.map((run) => heavy.get(run.id)))).filter((run) => run.status === 'running').length < 2
    ) {
      if (Date.now() > deadline) throw new Error('the heavy runs did not start');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const asked = await victim.start(oneNode.id, 'Write a tagline for backups');
    const done = await victim.finished(asked.id);
    expect(done.status).toBe('completed');
    // Served in its turn, not after the heavy user's queue: most of those runs have not finished.
    const heavyNow = await Promise.all(runs.map((run) => heavy.get(run.id)));
    expect(heavyNow.filter((run) => ['queued', 'running'].includes(run.status)).length).toBeGreaterThanOrEqual(6);
    // Cancelled, not waited for: each ends at its next step.
    for (const run of runs) await heavy.call('POST', `/executions/${run.id}/cancel`);
    for (const run of runs) expect((await heavy.finished(run.id)).status).not.toMatch(/queued|running/);
  }, 60_000);
});
