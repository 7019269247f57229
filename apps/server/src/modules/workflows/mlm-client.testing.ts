import { ORGANIZATION_HEADER } from '@nuvem/contracts/orgs';
import type { Agent, Execution, Flow, FlowBody } from '@nuvem/contracts/workflows';
import { testOrigin, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

/**
 * The MLM dashboard's API (`/api/mlm`) as one signed-in user calls it, for the API tests: in their
 * personal workspace, or in the organisation `org` names (the header the web app sends).
 */
export function mlm(app: App, user: TestUser, options: { org?: string } = {}) {
  const headers = {
    origin: testOrigin,
    cookie: `nuvem_session=${user.cookie}`,
    ...(options.org ? { [ORGANIZATION_HEADER]: options.org } : {}),
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/mlm${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    agents: async () => (await call('GET', '/agents')).json<{ agents: Agent[] }>().agents,
    create: (body: unknown) => call('POST', '/flows', body),
    async createOk(body: FlowBody): Promise<Flow> {
      const res = await call('POST', '/flows', body);
      if (res.statusCode !== 201) throw new Error(`create: ${String(res.statusCode)} ${res.body}`);
      return res.json<Flow>();
    },
    execute: (flowId: string, input: string) => call('POST', `/flows/${flowId}/execute`, { input }),
    /** A run asked for and accepted (202), or the test fails. */
    async start(flowId: string, input: string): Promise<Execution> {
      const res = await call('POST', `/flows/${flowId}/execute`, { input });
      if (res.statusCode !== 202) throw new Error(`execute: ${String(res.statusCode)} ${res.body}`);
      return res.json<Execution>();
    },
    get: async (id: string) => (await call('GET', `/executions/${id}`)).json<Execution>(),
    /** Polls the run until it has finished (or fails the test after `timeoutMs`). */
    async finished(executionId: string, timeoutMs = 15_000): Promise<Execution> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const execution = (await call('GET', `/executions/${executionId}`)).json<Execution>();
        if (!['queued', 'running'].includes(execution.status)) return execution;
        if (Date.now() > deadline) throw new Error(`still ${execution.status}: ${JSON.stringify(execution)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
