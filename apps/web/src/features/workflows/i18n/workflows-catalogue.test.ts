import { aiSecurityMessages, violationTypes } from '@nuvem/contracts/ai-security';
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
  });

  it('names every violation type of the contract, in both languages', () => {
    expect(Object.keys(workflows.names.types).sort()).toEqual([...violationTypes].sort());
    expect(Object.keys(pt.names.types).sort()).toEqual([...violationTypes].sort());
  });
});
