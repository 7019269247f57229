import { workflowConstants } from '@nuvem/contracts/workflows';
import { ApiError } from '@/lib/api-client';

/** Spec 2, section 8: agent (and flow) loading is retried 3 times. */
export const DASHBOARD_RETRIES = 3;
/** The first retry waits 1 s, each next one twice as long, never more than 30 s. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Retries a failed dashboard query up to 3 times. A refusal (4xx) will not change on retry and is
 * shown at once, except a timeout (408) and a rate limit (429), which pass.
 */
export function retryDashboardQuery(failureCount: number, error: Error): boolean {
  if (failureCount >= DASHBOARD_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/** Exponential backoff capped at 30 s: 1 s, 2 s, 4 s, … (`attempt` counts from 0). */
export function dashboardRetryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

/** The agent and flow lists (spec 2, section 9): stale after 30 s, refetched every 60 s, retried as above. */
export const dashboardQueryPolicy = {
  retry: retryDashboardQuery,
  retryDelay: dashboardRetryDelay,
  staleTime: workflowConstants.staleMs,
  refetchInterval: workflowConstants.refetchMs,
} as const;
