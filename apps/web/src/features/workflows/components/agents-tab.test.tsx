import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentsTab } from './agents-tab';
import { agent, agents, renderWorkflows } from './workflows-fixtures.testing';

afterEach(() => vi.restoreAllMocks());

describe('AgentsTab', () => {
  it("shows each agent's name, description, type, status dot and figures, Success with one decimal", () => {
    renderWorkflows(<AgentsTab agents={agents} />, {});
    const cards = within(screen.getByRole('list', { name: 'Agents' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Research Agent',
      'Business Analyst',
      'Developer',
      'Copywriter',
    ]);

    const research = screen.getByRole('article', { name: 'Research Agent' });
    expect(research).toHaveTextContent('Answers from your documents, citing them.');
    expect(research).toHaveTextContent('Knowledge (RAG)');
    const dot = within(research).getByRole('img', { name: 'Status: Available' });
    expect(dot).toHaveStyle({ backgroundColor: '#22c55e' });
    expect(dd(research, 'Executions')).toBe('12');
    expect(dd(research, 'Avg Latency (ms)')).toBe('348');
    expect(dd(research, 'Success')).toBe('95.0%');

    const business = screen.getByRole('article', { name: 'Business Analyst' });
    expect(within(business).getByRole('img', { name: 'Status: Busy' })).toHaveStyle({ backgroundColor: '#f59e0b' });
    expect(dd(business, 'Executions')).toBe('1,234');
    expect(dd(business, 'Avg Latency (ms)')).toBe('1,520');
    expect(dd(business, 'Success')).toBe('87.5%');

    expect(dd(screen.getByRole('article', { name: 'Developer' }), 'Success')).toBe('0.0%');
    expect(dd(screen.getByRole('article', { name: 'Copywriter' }), 'Success')).toBe('100.0%');
  });

  it('marks the offline driver, names the model of an llm agent, and says why an agent is offline', () => {
    renderWorkflows(<AgentsTab agents={agents} />, {});
    const research = screen.getByRole('article', { name: 'Research Agent' });
    expect(within(research).getByText('Offline agents')).toHaveAttribute(
      'title',
      'Deterministic answers from built-in templates, without a language model.',
    );
    const copywriter = screen.getByRole('article', { name: 'Copywriter' });
    expect(within(copywriter).queryByText('Offline agents')).not.toBeInTheDocument();
    expect(copywriter).toHaveTextContent('Model: gpt-4o-mini');
    expect(within(copywriter).getByRole('img', { name: 'Status: Offline' })).toHaveStyle({
      backgroundColor: '#ef4444',
    });
    expect(copywriter).toHaveTextContent('The model endpoint did not answer');
  });

  it('gives each type its own icon', () => {
    const { container } = renderWorkflows(<AgentsTab agents={agents} />, {});
    const icons = [...container.querySelectorAll('[data-agent-type]')].map((icon) => [
      icon.getAttribute('data-agent-type'),
      icon.querySelector('svg')?.getAttribute('class'),
    ]);
    expect(icons.map(([type]) => type)).toEqual(['rag', 'business', 'development', 'marketing']);
    expect(new Set(icons.map(([, svg]) => svg)).size).toBe(4);
  });

  it('says so when there are no agents', () => {
    renderWorkflows(<AgentsTab agents={[]} />, {});
    expect(screen.getByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Agents' })).not.toBeInTheDocument();
  });

  it('rounds a latency to whole milliseconds', () => {
    renderWorkflows(
      <AgentsTab agents={[agent({ performance: { totalExecutions: 1, avgLatency: 999.6, successRate: 0.3333 } })]} />,
      {},
    );
    const card = screen.getByRole('article', { name: 'Research Agent' });
    expect(dd(card, 'Avg Latency (ms)')).toBe('1,000');
    expect(dd(card, 'Success')).toBe('33.3%');
  });
});

/** The figure a card shows under `label`. */
function dd(card: HTMLElement, label: string): string | null | undefined {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}
