import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { WorkflowSecurityError } from '../api/mlm-request';
import { WorkflowError } from './workflow-error';
import { blockedVerdict, injection, renderWorkflows } from './workflows-test-fixtures';

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
});
