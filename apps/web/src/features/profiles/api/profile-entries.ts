import {
  educationEntryResponseSchema,
  educationListResponseSchema,
  experienceEntryResponseSchema,
  experienceListResponseSchema,
  profileOkResponseSchema,
  type EducationBody,
  type EducationEntry,
  type ExperienceBody,
  type ExperienceEntry,
} from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileRequest, settleOwnProfile } from './profile-request';

/**
 * The calls of one ordered list of the signed-in user's profile (experience, education), under
 * /api/users/me/{kind}: add at the end, change the whole entry, delete, and put in a new order.
 */
export interface EntryApi<B, E> {
  /** POST /api/users/me/{kind}: a new entry at the end of the list. */
  add: (body: B) => Promise<E>;
  /** PUT /api/users/me/{kind}/{entryId}: the whole entry. */
  update: (input: B & { id: string }) => Promise<E>;
  /** DELETE /api/users/me/{kind}/{entryId}. */
  remove: (id: string) => Promise<unknown>;
  /** PUT /api/users/me/{kind}/order: every entry id, once, in the new order. */
  order: (ids: string[]) => Promise<E[]>;
}

function entryApi<B, E>(
  kind: string,
  entrySchema: z.ZodType<{ entry: E }>,
  listSchema: z.ZodType<E[]>,
): EntryApi<B, E> {
  return {
    add: (body) => profileRequest(['me', kind], entrySchema, { method: 'POST', body }).then((r) => r.entry),
    update: ({ id, ...body }) =>
      profileRequest(['me', kind, id], entrySchema, { method: 'PUT', body }).then((r) => r.entry),
    remove: (id) => profileRequest(['me', kind, id], profileOkResponseSchema, { method: 'DELETE' }),
    order: (ids) => profileRequest(['me', kind, 'order'], listSchema, { method: 'PUT', body: { ids } }),
  };
}

export const experienceApi = entryApi<ExperienceBody, ExperienceEntry>(
  'experience',
  experienceEntryResponseSchema,
  experienceListResponseSchema.transform((r) => r.experience),
);

export const educationApi = entryApi<EducationBody, EducationEntry>(
  'education',
  educationEntryResponseSchema,
  educationListResponseSchema.transform((r) => r.education),
);

/** The four mutations of one list; each, on success, refreshes the own profile. */
export function useEntryMutations<B, E>(api: EntryApi<B, E>) {
  const queryClient = useQueryClient();
  const onSuccess = () => settleOwnProfile(queryClient);
  return {
    add: useMutation({ mutationFn: api.add, onSuccess }),
    update: useMutation({ mutationFn: api.update, onSuccess }),
    remove: useMutation({ mutationFn: api.remove, onSuccess }),
    order: useMutation({ mutationFn: api.order, onSuccess }),
  };
}
