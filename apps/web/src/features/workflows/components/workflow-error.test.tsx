import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { WorkflowSecurityError } from '../api/mlm-request';
import { WorkflowError } from './workflow-error';
import { api, blockedVerdict, injection, renderWorkflows } from './workflows-fixtures.testing';
import { fetchCalls, reply } from '@/testing/mock-fetch.testing';

afterEach(() => vi.restoreAllMocks());

const blocked = new WorkflowSecurityError(
  422,
  'Prompt blocked by AI Security Layer',
  'PROMPT_BLOCKED',
  blockedVerdict.violations,
  'high',
);

describe('WorkflowError', () => {
  it('offers to report a false alarm for a blocked text it was given', () => {
    renderWorkflows(
      <WorkflowError
        title="The flow could not be run"
        error={blocked}
        report={{ prompt: injection, source: 'flow.execute' }}
      />,
      {},
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Prompt blocked by AI Security Layer');
    expect(screen.getByRole('button', { name: 'Report a false alarm' })).toBeInTheDocument();
  });

  it('offers nothing without the text, when the layer was offline, or for another failure', () => {
    const offline = new WorkflowSecurityError(503, 'offline', 'SECURITY_LAYER_OFFLINE', [], 'critical');
    const report = { prompt: injection, source: 'flow.execute' } as const;
    renderWorkflows(
      <>
        <WorkflowError title="a" error={blocked} />
        <WorkflowError title="b" error={offline} report={report} />
        <WorkflowError title="c" error={new ApiError(500, 'Boom')} report={report} />
      </>,
      {},
    );
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Report a false alarm' })).not.toBeInTheDocument();
  });

  it('sends a report from inside another form (the Execute dialog) without submitting that form', async () => {
    const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user, fetchSpy } = renderWorkflows(
      <form onSubmit={outerSubmit}>
        <WorkflowError title="a" error={blocked} report={{ prompt: injection, source: 'flow.execute' }} />
      </form>,
      {
        [`POST ${api('/reports')}`]: reply(
          {
            id: 'sfa_1',
            source: 'flow.execute',
            threat_level: 'high',
            violation_types: ['instruction_override'],
            text_sha256: 'a'.repeat(64),
            excerpt: 'Ignore all previous instructions',
            comment: '',
            created_at: '2026-03-30T10:15:00.000Z',
          },
          201,
        ),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Report a false alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a false alarm' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks — reported for review')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, `POST ${api('/reports')}`)).toHaveLength(1);
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
