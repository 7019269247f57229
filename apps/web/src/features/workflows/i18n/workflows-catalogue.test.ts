import { aiSecurityMessages, violationTypes } from '@nuvem/contracts/ai-security';
import {
  agentStatuses,
  agentTypes,
  executionStatuses,
  flowStatuses,
  workflowMessages,
} from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { workflows } from './en';
import { workflows as pt } from './pt-PT';

describe('the workflows catalogue', () => {
  it("has the spec's texts word for word", () => {
    expect(workflows.check.blocked).toBe(aiSecurityMessages.blocked);
    expect(workflows.check.offline).toBe(aiSecurityMessages.offline);
    expect(workflows.dashboard).toMatchObject({
      title: 'MLM Dashboard',
      tagline: 'AI Agents & Flow Orchestration',
      loading: 'Loading MLM Dashboard...',
      loadFailed: 'Failed to Load MLM Dashboard',
      unknownError: 'Unknown error occurred',
      backendHint: 'Please ensure MLM backend is running on port 3030',
    });
    expect(workflows.owasp.badge).toBe('OWASP Compliant');
    expect(workflows.agents).toMatchObject({
      executions: 'Executions',
      avgLatency: 'Avg Latency (ms)',
      success: 'Success',
    });
    expect(workflows.builder).toMatchObject({
      availableAgents: 'Available Agents',
      save: 'Save Flow',
      execute: 'Execute Flow',
      saveFailed: workflowMessages.flowSaveFailed,
    });
  });

  it('names every agent type and status, flow status and run status of the contract, in both languages', () => {
    for (const catalogue of [workflows, pt]) {
      expect(Object.keys(catalogue.agents.types).sort()).toEqual([...agentTypes, 'other'].sort());
      expect(Object.keys(catalogue.agents.statuses).sort()).toEqual([...agentStatuses].sort());
      expect(Object.keys(catalogue.flows.statuses).sort()).toEqual([...flowStatuses].sort());
      expect(Object.keys(catalogue.run.statuses).sort()).toEqual([...executionStatuses].sort());
    }
  });

  it('names every violation type of the contract, in both languages', () => {
    expect(Object.keys(workflows.names.types).sort()).toEqual([...violationTypes].sort());
    expect(Object.keys(pt.names.types).sort()).toEqual([...violationTypes].sort());
  });
});
