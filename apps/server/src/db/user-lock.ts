import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Takes a transaction-scoped advisory lock on (`area`, user): creates that count a user's rows
 * against a cap run one after another, so concurrent requests cannot all see room for one more.
 * Released at commit or rollback. Works on PostgreSQL and PGlite.
 */
export async function lockUserFor(tx: Pick<Database, 'execute'>, area: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nuvem:${area}`}), hashtext(${userId}))`);
}
