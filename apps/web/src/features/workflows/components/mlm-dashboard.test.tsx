import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { RealtimeClient, RealtimeContext } from '@/lib/realtime';
import { FakeSource } from '@/testing/fake-event-source.testing';
import { fetchCalls, reply, sequence } from '@/testing/mock-fetch.testing';
import { MlmDashboard } from './mlm-dashboard';
import {
  agents,
  api,
  dashboardRoutes,
  eventsReply,
  flow,
  mlm,
  renderWorkflows,
  securityEvent,
} from './workflows-fixtures.testing';

afterEach(() => vi.restoreAllMocks());

const tabNames = () =>
  within(screen.getByRole('tablist'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('MlmDashboard', () => {
  it('says it is loading until the agents and flows have answered, then opens on Agents (n), beside Flows (n)', async () => {
    let answerAgents: (response: Response) => void = () => undefined;
    let answerFlows: (response: Response) => void = () => undefined;
    const { fetchSpy } = renderWorkflows(<MlmDashboard />, {
      ...dashboardRoutes(),
      [`GET ${mlm('/agents')}`]: () => new Promise<Response>((resolve) => (answerAgents = resolve)),
      [`GET ${mlm('/flows')}`]: () => new Promise<Response>((resolve) => (answerFlows = resolve)),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'MLM Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('AI Agents & Flow Orchestration')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading MLM Dashboard...');

    answerAgents(Response.json({ agents }));
    await waitFor(() => expect(fetchCalls(fetchSpy, `GET ${mlm('/flows')}`)).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading MLM Dashboard...');
    answerFlows(Response.json({ flows: [flow(), flow({ id: 'flw_2', name: 'Second' })] }));

    await screen.findByRole('tablist', { name: 'Dashboard sections' });
    expect(tabNames()).toEqual(['Agents (4)', 'Flows (2)', 'Security', 'Knowledge']);
    expect(screen.getByRole('tab', { name: 'Agents (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel', { name: 'Agents (4)' })).getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText('Loading MLM Dashboard...')).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/\?app=6$/);

    const [call] = fetchCalls(fetchSpy, `GET ${mlm('/agents')}`);
    expect(call!.init?.credentials).toBe('include');
  });

  it('keeps the chosen tab in the address and shows the Security tab with the records', async () => {
    const { user, fetchSpy } = renderWorkflows(<MlmDashboard />, {
      ...dashboardRoutes(),
      [`GET ${api('/events')}`]: reply(eventsReply({ events: [securityEvent()], total: 1 })),
    });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/?app=6&tab=security');
    const records = await screen.findByRole('list', { name: 'Recent records' });
    expect(within(records).getAllByRole('listitem')).toHaveLength(1);
    const [call] = fetchCalls(fetchSpy, `GET ${api('/events')}`);
    const url = new URL(call!.url, window.location.origin);
    expect(Object.fromEntries(url.searchParams)).toEqual({ days: '30', limit: '50' });
  });

  it('shows the error view with the reason when the agents cannot be loaded, and tries again', async () => {
    const { user } = renderWorkflows(<MlmDashboard />, {
      ...dashboardRoutes(),
      [`GET ${mlm('/agents')}`]: sequence(
        reply({ success: false, error: 'Forbidden: no access', code: 'FORBIDDEN' }, 403),
        reply({ agents }),
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load MLM Dashboard' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Forbidden: no access');
    expect(alert).toHaveTextContent('Please ensure MLM backend is running on port 3030');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Agents (4)' })).toBeInTheDocument();
  });

  it("says 'Unknown error occurred' when a failure comes without a message", async () => {
    renderWorkflows(<MlmDashboard />, {
      ...dashboardRoutes(),
      [`GET ${mlm('/flows')}`]: reply({ success: false, error: '', code: 'FORBIDDEN' }, 403),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to Load MLM Dashboard');
    expect(alert).toHaveTextContent('Unknown error occurred');
    expect(alert).toHaveTextContent('Please ensure MLM backend is running on port 3030');
  });

  it('shows the error view when the security records cannot be loaded', async () => {
    renderWorkflows(<MlmDashboard />, {
      ...dashboardRoutes(),
      [`GET ${api('/events')}`]: reply({ success: false, error: 'Forbidden: no access', code: 'FORBIDDEN' }, 403),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden: no access');
  });

  it('opens what the OWASP badge rests on from the keyboard, and closes it with Escape', async () => {
    const { user } = renderWorkflows(<MlmDashboard />, dashboardRoutes());
    const badge = screen.getByRole('button', { name: 'OWASP Compliant' });
    badge.focus();
    await user.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: 'What the badge rests on' });
    const risks = within(popover)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(risks).toEqual([
      'LLM01 Prompt injection',
      'LLM02 Sensitive information disclosure',
      'LLM05 Improper output handling',
      'LLM07 System prompt leakage',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(badge).toHaveFocus();
  });

  it('ignores an unknown tab in the address, opening on Agents', async () => {
    renderWorkflows(<MlmDashboard />, dashboardRoutes(), '/?app=6&tab=nope');
    expect(await screen.findByRole('tab', { name: 'Agents (4)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the agents and flows current from the live stream, and refreshes a flow whose run ended', async () => {
    const busyResearch = {
      ...agents[0]!,
      status: 'busy' as const,
      performance: { totalExecutions: 13, avgLatency: 350, successRate: 0.9 },
    };
    FakeSource.made = [];
    const client = new RealtimeClient({
      onEvent: () => undefined,
      createSource: (url) => new FakeSource(url) as unknown as EventSource,
    });
    client.connect();
    const source = FakeSource.made[0]!;
    const { fetchSpy } = renderWorkflows(
      <RealtimeContext.Provider value={client}>
        <MlmDashboard />
      </RealtimeContext.Provider>,
      {
        ...dashboardRoutes({ flowList: [flow()] }),
        [`GET ${mlm('/agents')}`]: sequence(reply({ agents }), reply({ agents: [busyResearch, ...agents.slice(1)] })),
      },
    );
    const card = await screen.findByRole('article', { name: 'Research Agent' });
    expect(card).toHaveTextContent('95.0%');
    const flowLoads = () => fetchCalls(fetchSpy, `GET ${mlm('/flows')}`).length;
    const agentLoads = () => fetchCalls(fetchSpy, `GET ${mlm('/agents')}`).length;
    expect([flowLoads(), agentLoads()]).toEqual([1, 1]);

    act(() =>
      source.emit(
        'agent.updated',
        { agentId: 'rag', status: 'busy', metrics: { totalExecutions: 13, avgLatency: 350, successRate: 0.9 } },
        '1',
      ),
    );
    expect(await within(card).findByRole('img', { name: 'Status: Busy' })).toBeInTheDocument();
    expect(card).toHaveTextContent('90.0%');
    await waitFor(() => expect(agentLoads()).toBe(2));

    act(() => source.emit('flow.updated', { flowId: 'flw_1', status: 'running' }, '2'));
    await waitFor(() => expect(flowLoads()).toBe(2));

    // A step of a run going on refreshes the run, not the flow list; an ended run refreshes both.
    act(() =>
      source.emit(
        'execution.updated',
        { id: 'exe_1', flow_id: 'flw_1', status: 'running', current_node_id: 'a', steps: 1 },
        '3',
      ),
    );
    act(() =>
      source.emit(
        'execution.updated',
        { id: 'exe_1', flow_id: 'flw_1', status: 'completed', current_node_id: null, steps: 2 },
        '4',
      ),
    );
    await waitFor(() => expect(flowLoads()).toBe(3));
    await waitFor(() => expect(agentLoads()).toBe(3));
    client.disconnect();
  });

  it('speaks European Portuguese once chosen', async () => {
    renderWorkflows(
      <MlmDashboard />,
      {
        ...dashboardRoutes(),
        [`GET ${api('/events')}`]: reply(eventsReply({ events: [securityEvent()], total: 1 })),
      },
      '/?app=6&tab=security',
    );
    await act(() => chooseLanguage('pt-PT'));
    expect(screen.getByRole('heading', { level: 1, name: 'Painel MLM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conforme OWASP' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Segurança' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Agentes (4)', 'Fluxos (0)', 'Segurança', 'Conhecimento']);
    expect(screen.getByRole('heading', { name: 'Verificar um prompt' })).toBeInTheDocument();
    const record = within(screen.getByRole('list', { name: 'Registos recentes' })).getByRole('listitem');
    expect(record).toHaveTextContent('Bloqueado');
    expect(record).toHaveTextContent('Nível de ameaça: Alto');
    expect(record).toHaveTextContent('Substituição de instruções, Extração do prompt de sistema');
  });
});
