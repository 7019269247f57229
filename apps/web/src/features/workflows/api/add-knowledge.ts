import { knowledgeDocumentSchema, type KnowledgeDocumentBody } from '@nuvem/contracts/workflows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** POST /api/mlm/knowledge {title, content} (201): a document for the rag agent. */
export function addKnowledge(body: KnowledgeDocumentBody) {
  return mlmRequest(['knowledge'], knowledgeDocumentSchema, { method: 'POST', body });
}

export function useAddKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKnowledge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.knowledge }),
  });
}
