import { ApiError } from '@/lib/api-client';

/**
 * The orgs API's refusals a user can act on, each with its words in the catalogue
 * (`orgSettings:errors.*`). A role the actor may not give or take is a 403 FORBIDDEN too.
 */
export type OrgFailureKey =
  'lastOwner' | 'seatsFull' | 'alreadyMember' | 'alreadyInvited' | 'forbidden' | 'notFound' | 'notEmpty';

const byCode: Partial<Record<string, OrgFailureKey>> = {
  LAST_OWNER: 'lastOwner',
  SEATS_FULL: 'seatsFull',
  ALREADY_MEMBER: 'alreadyMember',
  ALREADY_INVITED: 'alreadyInvited',
  FORBIDDEN: 'forbidden',
  ORGANISATION_NOT_EMPTY: 'notEmpty',
};

/** The refusal's key by the server's code (or 404: the member or invitation is gone), else null. */
export function orgFailureKey(error: unknown): OrgFailureKey | null {
  if (!(error instanceof ApiError)) return null;
  const key = error.code ? byCode[error.code] : undefined;
  if (key) return key;
  return error.status === 404 ? 'notFound' : null;
}
