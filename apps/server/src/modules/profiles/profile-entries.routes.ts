import {
  educationBodySchema,
  educationEntryResponseSchema,
  educationListResponseSchema,
  entryIdParamsSchema,
  entryOrderBodySchema,
  experienceBodySchema,
  experienceEntryResponseSchema,
  experienceListResponseSchema,
  profileOkResponseSchema,
} from '@nuvem/contracts/profiles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf } from '../auth/principal.js';
import type { EntryInput } from './profile-entries.service.js';
import type { EntryKind, EntryOf } from './profiles.repository.js';
import type { ProfilesService } from './profiles.service.js';

/** The schemas of one kind of entries' routes, and how its reordered list is answered. */
interface EntryRouteSchemas<K extends EntryKind, TList> {
  body: z.ZodType<EntryInput<K>>;
  entryResponse: z.ZodType<{ success: true; entry: EntryOf[K] }>;
  listResponse: z.ZodType<TList>;
  listReply(entries: EntryOf[K][]): TList;
}

const experienceRoutes: EntryRouteSchemas<'experience', z.output<typeof experienceListResponseSchema>> = {
  body: experienceBodySchema,
  entryResponse: experienceEntryResponseSchema,
  listResponse: experienceListResponseSchema,
  listReply: (experience) => ({ success: true, experience }),
};

const educationRoutes: EntryRouteSchemas<'education', z.output<typeof educationListResponseSchema>> = {
  body: educationBodySchema,
  entryResponse: educationEntryResponseSchema,
  listResponse: educationListResponseSchema,
  listReply: (education) => ({ success: true, education }),
};

/**
 * `/api/users/me/{experience|education}`: add an entry, put them in order, change one, remove one.
 * The caller's own entries only: another user's cannot even be named.
 */
export const profileEntriesRoutes: FastifyPluginAsyncZod<{
  service: ProfilesService;
  errors: Record<400 | 401 | 404 | 409, z.ZodType>;
  tags: string[];
}> = async (app, { service, errors, tags }) => {
  const callerId = (request: FastifyRequest): string => principalOf(request).userId;

  function register<K extends EntryKind, TList>(kind: K, schemas: EntryRouteSchemas<K, TList>): void {
    // The body was parsed by `schemas.body`; fastify cannot see through its type for a generic kind.
    const bodyOf = (request: { body: unknown }) => request.body as EntryInput<K>;

    app.post(
      `/api/users/me/${kind}`,
      {
        config: { auth: 'session', permission: 'account' },
        schema: { tags, body: schemas.body, response: { 201: schemas.entryResponse, ...errors } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ success: true as const, entry: await service.addEntry(kind, callerId(request), bodyOf(request)) }),
    );

    app.put(
      `/api/users/me/${kind}/order`,
      {
        config: { auth: 'session', permission: 'account' },
        schema: { tags, body: entryOrderBodySchema, response: { 200: schemas.listResponse, ...errors } },
      },
      async (request) => schemas.listReply(await service.orderEntries(kind, callerId(request), request.body.ids)),
    );

    app.put(
      `/api/users/me/${kind}/:entryId`,
      {
        config: { auth: 'session', permission: 'account' },
        schema: {
          tags,
          params: entryIdParamsSchema,
          body: schemas.body,
          response: { 200: schemas.entryResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        entry: await service.updateEntry(kind, callerId(request), request.params.entryId, bodyOf(request)),
      }),
    );

    app.delete(
      `/api/users/me/${kind}/:entryId`,
      {
        config: { auth: 'session', permission: 'account' },
        schema: { tags, params: entryIdParamsSchema, response: { 200: profileOkResponseSchema, ...errors } },
      },
      async (request) => {
        await service.removeEntry(kind, callerId(request), request.params.entryId);
        return { success: true as const };
      },
    );
  }

  register('experience', experienceRoutes);
  register('education', educationRoutes);
};
