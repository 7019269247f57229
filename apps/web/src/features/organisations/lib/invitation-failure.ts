import { ApiError } from '@/lib/api-client';

/** What went wrong with an invitation, as the accept page explains it. */
export type InvitationProblem = 'invalid' | 'otherAddress' | 'unverified' | 'seatsFull' | 'other';

/**
 * The problem a failed preview or accept reports, from the server's code (400 INVITATION_INVALID,
 * a 404, 403 INVITATION_OTHER_ADDRESS or EMAIL_NOT_VERIFIED, 409 SEATS_FULL).
 */
export function invitationProblem(error: unknown): InvitationProblem {
  if (!(error instanceof ApiError)) return 'other';
  switch (error.code) {
    case 'INVITATION_INVALID':
      return 'invalid';
    case 'INVITATION_OTHER_ADDRESS':
      return 'otherAddress';
    case 'EMAIL_NOT_VERIFIED':
      return 'unverified';
    case 'SEATS_FULL':
      return 'seatsFull';
    default:
      return error.status === 404 || error.status === 410 ? 'invalid' : 'other';
  }
}

/** Whether two addresses are the same mailbox as far as the invitation goes (case does not matter). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
