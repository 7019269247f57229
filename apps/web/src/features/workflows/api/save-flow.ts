import { flowSchema, type Flow, type FlowBody } from '@nuvem/contracts/workflows';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { guardedMlmRequest, WorkflowSecurityError } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** POST /api/mlm/flows (201): a new flow. Its texts are checked by the AI security layer first. */
export function createFlow(body: FlowBody): Promise<Flow> {
  return guardedMlmRequest(['flows'], flowSchema, { method: 'POST', body });
}

/** PUT /api/mlm/flows/{id}: replaces a flow's name, description, nodes and edges. */
export function updateFlow(id: string, body: FlowBody): Promise<Flow> {
  return guardedMlmRequest(['flows', id], flowSchema, { method: 'PUT', body });
}

export interface SaveFlowVariables {
  /** The flow being changed; none for a new one. */
  id: string | null;
  body: FlowBody;
}

/** A request the security layer refused left a record: the Security tab's list is out of date. */
export function refreshRecordsAfter(queryClient: QueryClient, error: unknown) {
  if (error instanceof WorkflowSecurityError) {
    return queryClient.invalidateQueries({ queryKey: workflowKeys.securityEvents });
  }
  return undefined;
}

/** Saves the builder's flow: POST when new, PUT when reopened. */
export function useSaveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveFlowVariables) => (id ? updateFlow(id, body) : createFlow(body)),
    onSettled: (_flow, error) => {
      void refreshRecordsAfter(queryClient, error);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.flows });
    },
  });
}
