/**
 * The feature's query keys. A check that leaves a record (a blocked prompt) invalidates
 * `workflowKeys.securityEvents`; the Agents and Flows tabs add theirs beside it.
 */
export const workflowKeys = {
  all: ['workflows'] as const,
  securityEvents: ['workflows', 'security-events'] as const,
  securityEventsList: (query: SecurityEventsQuery) => ['workflows', 'security-events', query] as const,
};

/** What the Security tab asks for: the last `days` days, the newest `limit` records. */
export interface SecurityEventsQuery {
  days: number;
  limit: number;
}

/** The Security tab's window: the last 30 days, the newest 50 records. */
export const securityWindow: SecurityEventsQuery = { days: 30, limit: 50 };
