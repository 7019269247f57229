import { errorResponseSchema } from '@nuvem/contracts/common';
import { profileListQuerySchema, profileListResponseSchema } from '@nuvem/contracts/profiles';
import { desc, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.js';

/** Profiles of the portal's users, for signed-in users: public fields only (no e-mail). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', app.requireAuth);

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['profiles'],
        querystring: profileListQuerySchema,
        response: { 200: profileListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { limit, offset, q } = request.query;
      // Escape LIKE wildcards so a search for "50%" means those characters.
      const where = q ? ilike(users.displayName, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
      const [rows, counted] = await Promise.all([
        app.db
          .select({
            id: users.id,
            displayName: users.displayName,
            avatarUrl: users.avatarUrl,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset(offset),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return {
        success: true as const,
        users: rows.map((r) => ({
          id: r.id,
          display_name: r.displayName,
          avatar_url: r.avatarUrl,
          created_at: r.createdAt.toISOString(),
        })),
        total: counted[0]?.n ?? 0,
      };
    },
  );
};
