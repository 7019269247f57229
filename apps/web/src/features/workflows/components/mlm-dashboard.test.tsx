import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { fetchCalls, reply, sequence } from '@/testing/mock-fetch';
import { MlmDashboard } from './mlm-dashboard';
import { api, eventsReply, renderWorkflows, securityEvent } from './workflows-test-fixtures';

afterEach(() => vi.restoreAllMocks());

describe('MlmDashboard', () => {
  it("says it is loading, then shows the header, the badge and the Security tab with the user's records", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchSpy } = renderWorkflows(<MlmDashboard />, {
      [`GET ${api('/events')}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'MLM Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('AI Agents & Flow Orchestration')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading MLM Dashboard...');

    answer(Response.json(eventsReply({ events: [securityEvent()], total: 1 })));
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    // Only the tabs that exist: Agents and Flows come with the workflow service.
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Security']);
    expect(within(tabs).getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Recent records' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Loading MLM Dashboard...')).not.toBeInTheDocument();

    const [call] = fetchCalls(fetchSpy, `GET ${api('/events')}`);
    const url = new URL(call!.url, window.location.origin);
    expect(Object.fromEntries(url.searchParams)).toEqual({ days: '30', limit: '50' });
    expect(call!.init?.credentials).toBe('include');
  });

  it('shows the error view with the reason when the records cannot be loaded, and tries again', async () => {
    const { user } = renderWorkflows(<MlmDashboard />, {
      [`GET ${api('/events')}`]: sequence(
        reply({ success: false, error: 'Forbidden: no access', code: 'FORBIDDEN' }, 403),
        reply(eventsReply()),
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load MLM Dashboard' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Forbidden: no access');
    expect(alert).toHaveTextContent('Please ensure MLM backend is running on port 3030');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Security' })).toBeInTheDocument();
    expect(screen.getByText('Nothing blocked or flagged in the last 30 days.')).toBeInTheDocument();
  });

  it('opens what the OWASP badge rests on from the keyboard, and closes it with Escape', async () => {
    const { user } = renderWorkflows(<MlmDashboard />, { [`GET ${api('/events')}`]: reply(eventsReply()) });
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

  it('ignores an unknown tab in the address, opening on Security', async () => {
    renderWorkflows(<MlmDashboard />, { [`GET ${api('/events')}`]: reply(eventsReply()) }, '/?app=6&tab=nope');
    expect(await screen.findByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  it('speaks European Portuguese once chosen', async () => {
    renderWorkflows(<MlmDashboard />, {
      [`GET ${api('/events')}`]: reply(eventsReply({ events: [securityEvent()], total: 1 })),
    });
    await act(() => chooseLanguage('pt-PT'));
    expect(screen.getByRole('heading', { level: 1, name: 'Painel MLM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conforme OWASP' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Segurança' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verificar um prompt' })).toBeInTheDocument();
    const record = within(screen.getByRole('list', { name: 'Registos recentes' })).getByRole('listitem');
    expect(record).toHaveTextContent('Bloqueado');
    expect(record).toHaveTextContent('Nível de ameaça: Alto');
    expect(record).toHaveTextContent('Substituição de instruções, Extração do prompt de sistema');
  });
});
