import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { dashboardQueryPolicy, dashboardRetryDelay, retryDashboardQuery } from './query-policy';

describe('the dashboard lists’ query policy (spec 2, sections 8 and 9)', () => {
  it('retries a failed load 3 times', () => {
    const down = new ApiError(503, 'Service unavailable');
    expect([0, 1, 2, 3].map((count) => retryDashboardQuery(count, down))).toEqual([true, true, true, false]);
    expect(retryDashboardQuery(0, new ApiError(0, 'network'))).toBe(true);
  });

  it('shows a refusal at once, but retries a timeout or a rate limit', () => {
    expect(retryDashboardQuery(0, new ApiError(403, 'Forbidden'))).toBe(false);
    expect(retryDashboardQuery(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(retryDashboardQuery(0, new ApiError(429, 'Slow down'))).toBe(true);
    expect(retryDashboardQuery(0, new ApiError(408, 'Timeout'))).toBe(true);
  });

  it('waits twice as long before each retry, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(dashboardRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('is stale after 30 s and refetched every 60 s', () => {
    expect(dashboardQueryPolicy).toMatchObject({ staleTime: 30_000, refetchInterval: 60_000 });
  });
});
