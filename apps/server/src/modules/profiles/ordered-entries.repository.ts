import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';

/** A table of a user's entries kept in the owner's order (experience, education, skills). */
export type OrderedTable = PgTable & {
  id: AnyPgColumn;
  userId: AnyPgColumn;
  position: AnyPgColumn;
  createdAt: AnyPgColumn;
};

/**
 * The SQL of one kind of ordered entries, parameterised by its table and the columns of `TEntry` a
 * reader gets back: list in order, count with the next position, add, change, remove, and move one.
 */
export function orderedEntries<TEntry extends { id: string }>(
  db: Database,
  table: OrderedTable,
  columns: Record<keyof TEntry, AnyPgColumn>,
) {
  // Drizzle types a selection it can see; this one is generic, so its rows are typed TEntry here.
  const selection: Record<string, AnyPgColumn> = columns;
  const owned = (userId: string, id: string) => and(eq(table.id, id), eq(table.userId, userId));

  async function list(userId: string): Promise<TEntry[]> {
    const rows = await db
      .select(selection)
      .from(table)
      .where(eq(table.userId, userId))
      .orderBy(asc(table.position), asc(table.createdAt), asc(table.id));
    return rows as TEntry[];
  }

  /** How many entries the user has, and the next position (after the last). */
  async function tail(userId: string): Promise<{ n: number; next: number }> {
    const [row] = await db
      .select({
        n: sql<number>`count(*)::int`,
        next: sql<number>`coalesce(max(${table.position}) + 1, 0)::int`,
      })
      .from(table)
      .where(eq(table.userId, userId));
    return { n: row?.n ?? 0, next: row?.next ?? 0 };
  }

  async function insert(
    values: Omit<TEntry, 'id'> & { id: string; userId: string; position: number },
  ): Promise<TEntry> {
    const [row] = await db.insert(table).values(values).returning(selection);
    if (!row) throw new Error('insert of an ordered entry returned nothing');
    return row as TEntry;
  }

  /** Changes the user's entry; undefined when they have none with that id. */
  async function update(userId: string, id: string, values: Omit<TEntry, 'id'>): Promise<TEntry | undefined> {
    const [row] = await db.update(table).set(values).where(owned(userId, id)).returning(selection);
    return row as TEntry | undefined;
  }

  /** Removes the user's entry; false when they have none with that id. */
  async function remove(userId: string, id: string): Promise<boolean> {
    const rows = await db.delete(table).where(owned(userId, id)).returning({ id: table.id });
    return rows.length > 0;
  }

  async function setPosition(userId: string, id: string, position: number): Promise<void> {
    await db.update(table).set({ position }).where(owned(userId, id));
  }

  return { list, tail, insert, update, remove, setPosition };
}

/** One kind of ordered entries' SQL, its rows typed `TEntry`. */
export type OrderedEntries<TEntry extends { id: string }> = ReturnType<typeof orderedEntries<TEntry>>;
