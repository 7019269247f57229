import { z } from 'zod';
import type { SessionWithUser } from './auth.repository.js';

const date = z.coerce.date();
const nullable = z.string().nullable();

// The rows as they come back from JSON (dates as strings), checked and turned back into rows.
const sessionWithUserSchema = z.object({
  session: z.object({
    id: z.string(),
    userId: z.string(),
    tokenHash: z.string(),
    accessTokenHash: z.string(),
    remember: z.boolean(),
    mfaPassed: z.boolean(),
    userAgent: nullable,
    ip: nullable,
    expiresAt: date,
    createdAt: date,
    lastSeenAt: date,
  }),
  user: z.object({
    id: z.string(),
    email: z.string(),
    passwordHash: nullable,
    displayName: nullable,
    avatarUrl: nullable,
    emailVerified: z.boolean(),
    mfaEnabled: z.boolean(),
    locale: z.string(),
    createdAt: date,
    updatedAt: date,
  }),
});

/** A cached session read back from Redis; anything malformed counts as a miss. */
export function reviveSessionWithUser(json: unknown): SessionWithUser | undefined {
  const parsed = sessionWithUserSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
