import { profileLimits, profileMessages } from '@nuvem/contracts/profiles';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { EntryKind, EntryOf, ProfilesRepository } from './profiles.repository.js';

/** What an entry of a kind is written from: the whole entry but its id. */
export type EntryInput<K extends EntryKind> = Omit<EntryOf[K], 'id'>;

/** What each kind answers when something is wrong. */
const kindMessages: Record<EntryKind, { tooMany: string; notFound: string; notFoundCode: string; order: string }> = {
  experience: {
    tooMany: profileMessages.tooManyExperience,
    notFound: profileMessages.experienceNotFound,
    notFoundCode: 'EXPERIENCE_NOT_FOUND',
    order: profileMessages.experienceOrder,
  },
  education: {
    tooMany: profileMessages.tooManyEducation,
    notFound: profileMessages.educationNotFound,
    notFoundCode: 'EDUCATION_NOT_FOUND',
    order: profileMessages.educationOrder,
  },
};

/** Checks that `ids` lists every one of `current` exactly once (order free). */
export function samePermutation(current: string[], ids: string[]): boolean {
  if (current.length !== ids.length) return false;
  const set = new Set(current);
  return ids.every((id) => set.has(id)) && new Set(ids).size === ids.length;
}

/**
 * A profile's ordered entries, experience and education alike: added at the end (at most
 * `profileLimits.entries`), changed whole, removed, and put in a new order.
 */
export function createProfileEntries(repo: ProfilesRepository) {
  const notFound = (kind: EntryKind) => AppError.notFound(kindMessages[kind].notFound, kindMessages[kind].notFoundCode);

  async function addEntry<K extends EntryKind>(kind: K, userId: string, body: EntryInput<K>): Promise<EntryOf[K]> {
    return repo.transaction(async (tx) => {
      const entries = tx.entries(kind);
      const tail = await entries.tail(userId);
      if (tail.n >= profileLimits.entries) throw AppError.badRequest(kindMessages[kind].tooMany, 'LIMIT_REACHED');
      return entries.insert({ id: newId(kind), userId, position: tail.next, ...body });
    });
  }

  async function updateEntry<K extends EntryKind>(
    kind: K,
    userId: string,
    id: string,
    body: EntryInput<K>,
  ): Promise<EntryOf[K]> {
    const row = await repo.entries(kind).update(userId, id, body);
    if (!row) throw notFound(kind);
    return row;
  }

  async function removeEntry(kind: EntryKind, userId: string, id: string): Promise<void> {
    if (!(await repo.entries(kind).remove(userId, id))) throw notFound(kind);
  }

  /** Puts the user's entries in the order of `ids`, which must name each of them once. */
  async function orderEntries<K extends EntryKind>(kind: K, userId: string, ids: string[]): Promise<EntryOf[K][]> {
    return repo.transaction(async (tx) => {
      const entries = tx.entries(kind);
      const current = await entries.list(userId);
      if (
        !samePermutation(
          current.map((e) => e.id),
          ids,
        )
      ) {
        throw AppError.badRequest(kindMessages[kind].order, 'ORDER_MISMATCH');
      }
      for (const [position, id] of ids.entries()) await entries.setPosition(userId, id, position);
      return entries.list(userId);
    });
  }

  return { addEntry, updateEntry, removeEntry, orderEntries };
}
