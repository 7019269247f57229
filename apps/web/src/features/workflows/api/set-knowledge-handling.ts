import { knowledgeDocumentSchema, type KnowledgeDocument, type KnowledgeHandling } from '@nuvem/contracts/workflows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

export interface SetKnowledgeHandling {
  id: string;
  handling: KnowledgeHandling;
}

/**
 * PATCH /api/mlm/knowledge/{id} {security_handling}: what the rag agent does with a document the
 * AI security layer flagged: 'exclude' it from answers, or 'quote' it as data with a warning.
 */
export function setKnowledgeHandling({ id, handling }: SetKnowledgeHandling) {
  return mlmRequest(['knowledge', id], knowledgeDocumentSchema, {
    method: 'PATCH',
    body: { security_handling: handling },
  });
}

/** The choice shows at once (optimistic); a refusal puts the list back as it was, and the list is read again either way. */
export function useSetKnowledgeHandling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setKnowledgeHandling,
    onMutate: async ({ id, handling }) => {
      await queryClient.cancelQueries({ queryKey: workflowKeys.knowledge });
      const previous = queryClient.getQueryData<KnowledgeDocument[]>(workflowKeys.knowledge);
      queryClient.setQueryData<KnowledgeDocument[]>(workflowKeys.knowledge, (documents) =>
        documents?.map((document) =>
          document.id === id ? { ...document, security: { ...document.security, handling } } : document,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(workflowKeys.knowledge, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.knowledge }),
  });
}
