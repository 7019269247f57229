import { ApiError } from '@/lib/api-client';

const known = [
  'EVENT_NOT_FOUND',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  'SOLD_OUT',
  'EVENT_CANCELLED',
  'EVENT_PAST',
  'UNKNOWN_TICKET_TYPE',
] as const;

export type RegistrationErrorKey = `errors.${(typeof known)[number]}` | 'errors.generic';

/**
 * The catalogue key of a failed registration or cancellation, from the server's error code (its
 * English text is the contracts' eventsMessages; the catalogue has it in every language).
 */
export function registrationErrorKey(error: unknown): RegistrationErrorKey {
  const code = error instanceof ApiError ? error.code : undefined;
  const match = known.find((item) => item === code);
  return match ? `errors.${match}` : 'errors.generic';
}
