import { z } from 'zod';

/**
 * The event bus channel on which the auth module tells every instance (itself included) that
 * sessions ended: signed out, or ended by another of the account's sign-ins. What was opened on
 * their strength elsewhere (a realtime stream) ends with them. Expiry needs no message: every
 * instance knows a session's end time.
 */
export const SESSIONS_ENDED_CHANNEL = 'auth.sessions-ended';

const sessionsEndedSchema = z.object({
  userId: z.string().max(64),
  sessionIds: z.array(z.string().max(64)),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** A message from the channel, checked (it came over Redis); null when malformed. */
export function parseSessionsEnded(data: unknown): SessionsEnded | null {
  const parsed = sessionsEndedSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
