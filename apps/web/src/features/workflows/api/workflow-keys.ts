/**
 * The feature's query keys. A check that leaves a record (a blocked prompt) invalidates
 * `workflowKeys.securityEvents`; the workflow service's lists sit beside it. A flow's executions
 * live under `flows`, so refreshing the flows refreshes every flow's runs too.
 */
export const workflowKeys = {
  all: ['workflows'] as const,
  securityEvents: ['workflows', 'security-events'] as const,
  securityEventsList: (query: SecurityEventsQuery) => ['workflows', 'security-events', query] as const,
  agents: ['workflows', 'agents'] as const,
  flows: ['workflows', 'flows'] as const,
  flowList: ['workflows', 'flows', 'list'] as const,
  flowExecutions: (flowId: string) => ['workflows', 'flows', flowId, 'executions'] as const,
  execution: (id: string) => ['workflows', 'executions', id] as const,
  knowledge: ['workflows', 'knowledge'] as const,
};

/** What the Security tab asks for: the last `days` days, the newest `limit` records. */
export interface SecurityEventsQuery {
  days: number;
  limit: number;
}

/** The Security tab's window: the last 30 days, the newest 50 records. */
export const securityWindow: SecurityEventsQuery = { days: 30, limit: 50 };
