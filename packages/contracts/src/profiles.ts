import { z } from 'zod';

/** What any signed-in user may see of another: no e-mail address. */
export const publicProfileSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** GET /api/users?limit&offset&q (signed in): profiles, newest first. */
export const profileListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  q: z.string().trim().max(80).optional(),
});

export const profileListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(publicProfileSchema),
  total: z.number().int().nonnegative(),
});
export type ProfileListResponse = z.infer<typeof profileListResponseSchema>;
