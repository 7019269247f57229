import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { registrationErrorKey } from './registration-errors';

describe('registration errors', () => {
  it("map the server's codes to the catalogue, anything else to a general message", () => {
    expect(registrationErrorKey(new ApiError(409, 'No tickets of this type are left', 'SOLD_OUT'))).toBe(
      'errors.SOLD_OUT',
    );
    expect(registrationErrorKey(new ApiError(409, 'x', 'ALREADY_REGISTERED'))).toBe('errors.ALREADY_REGISTERED');
    expect(registrationErrorKey(new ApiError(500, 'boom', 'INTERNAL'))).toBe('errors.generic');
    expect(registrationErrorKey(new Error('network'))).toBe('errors.generic');
  });
});
