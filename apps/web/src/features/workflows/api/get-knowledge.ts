import { knowledgeListResponseSchema } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** GET /api/mlm/knowledge: the documents the rag agent answers from. */
export async function getKnowledge(signal?: AbortSignal) {
  const { documents } = await mlmRequest(['knowledge'], knowledgeListResponseSchema, { signal });
  return documents;
}

export function getKnowledgeQueryOptions() {
  return queryOptions({ queryKey: workflowKeys.knowledge, queryFn: ({ signal }) => getKnowledge(signal) });
}

export function useKnowledge() {
  return useQuery(getKnowledgeQueryOptions());
}
