import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('does not retry client errors, which would fail the same way again', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'Unauthorized'))).toBe(false);
  });

  it('retries network and server errors twice', () => {
    expect(shouldRetry(0, new ApiError(0, 'Network error'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'Service unavailable'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'Service unavailable'))).toBe(false);
  });
});
