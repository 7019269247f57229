import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { apiKeyUsage } from '../../db/schema/api-key-usage.js';
import { apiKeys } from '../../db/schema/api-keys.js';

export type UsageOutcome = 'allowed' | 'rate_limited' | 'rejected';

export interface UsedKey {
  id: string;
  userId: string;
  usageCount: number;
}

interface DayCounts {
  allowed: number;
  rateLimited: number;
  rejected: number;
}

interface KeyCounts {
  /** Allowed requests: what `usage_count` adds up. */
  allowed: number;
  lastUsedAt: Date | null;
  days: Map<string, DayCounts>;
}

/** The UTC day of a moment, as the `date` column holds it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts key usage in memory and writes it in one transaction per flush, so a request never waits
 * for a database write. What is not yet flushed is lost if the process dies hard; a clean close flushes.
 */
export class UsageBatcher {
  private pending = new Map<string, KeyCounts>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    /** After a flush commits: the keys whose count went up, with their new totals. */
    private readonly onWritten?: (used: UsedKey[]) => void,
  ) {}

  record(keyId: string, outcome: UsageOutcome, at: Date = new Date()): void {
    let counts = this.pending.get(keyId);
    if (!counts) {
      counts = { allowed: 0, lastUsedAt: null, days: new Map() };
      this.pending.set(keyId, counts);
    }
    const day = utcDay(at);
    let daily = counts.days.get(day);
    if (!daily) {
      daily = { allowed: 0, rateLimited: 0, rejected: 0 };
      counts.days.set(day, daily);
    }
    if (outcome === 'allowed') {
      counts.allowed += 1;
      if (!counts.lastUsedAt || counts.lastUsedAt < at) counts.lastUsedAt = at;
      daily.allowed += 1;
    } else if (outcome === 'rate_limited') {
      daily.rateLimited += 1;
    } else {
      daily.rejected += 1;
    }
  }

  get size(): number {
    return this.pending.size;
  }

  /** Writes what was counted so far; flushes never overlap, and a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const used: UsedKey[] = [];
    try {
      await this.db.transaction(async (tx) => {
        // Sorted, so two instances flushing the same keys lock rows in the same order.
        const ids = [...batch.keys()].sort();
        // Keys deleted meanwhile (their application went) are skipped; the share lock keeps the rest.
        const live = await tx
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(inArray(apiKeys.id, ids))
          .orderBy(apiKeys.id)
          .for('key share');
        const liveIds = new Set(live.map((row) => row.id));
        const daily: (typeof apiKeyUsage.$inferInsert)[] = [];
        for (const id of ids) {
          const counts = batch.get(id);
          if (!counts || !liveIds.has(id)) continue;
          if (counts.allowed > 0 && counts.lastUsedAt) {
            const updated = await tx
              .update(apiKeys)
              .set({
                usageCount: sql`${apiKeys.usageCount} + ${counts.allowed}`,
                lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${counts.lastUsedAt.toISOString()}::timestamptz)`,
              })
              .where(sql`${apiKeys.id} = ${id}`)
              .returning({ id: apiKeys.id, userId: apiKeys.userId, usageCount: apiKeys.usageCount });
            used.push(...updated);
          }
          for (const [day, c] of [...counts.days].sort(([a], [b]) => a.localeCompare(b))) {
            daily.push({ keyId: id, day, allowed: c.allowed, rateLimited: c.rateLimited, rejected: c.rejected });
          }
        }
        if (daily.length > 0) {
          await tx
            .insert(apiKeyUsage)
            .values(daily)
            .onConflictDoUpdate({
              target: [apiKeyUsage.keyId, apiKeyUsage.day],
              set: {
                allowed: sql`${apiKeyUsage.allowed} + excluded.allowed`,
                rateLimited: sql`${apiKeyUsage.rateLimited} + excluded.rate_limited`,
                rejected: sql`${apiKeyUsage.rejected} + excluded.rejected`,
              },
            });
        }
      });
    } catch (error) {
      this.log.warn({ err: error, keys: batch.size }, 'writing API key usage failed; kept for the next flush');
      this.mergeBack(batch);
      return;
    }
    if (used.length > 0) this.onWritten?.(used);
  }

  private mergeBack(batch: Map<string, KeyCounts>): void {
    for (const [id, counts] of batch) {
      const current = this.pending.get(id);
      if (!current) {
        this.pending.set(id, counts);
        continue;
      }
      current.allowed += counts.allowed;
      if (counts.lastUsedAt && (!current.lastUsedAt || current.lastUsedAt < counts.lastUsedAt))
        current.lastUsedAt = counts.lastUsedAt;
      for (const [day, c] of counts.days) {
        const d = current.days.get(day) ?? { allowed: 0, rateLimited: 0, rejected: 0 };
        d.allowed += c.allowed;
        d.rateLimited += c.rateLimited;
        d.rejected += c.rejected;
        current.days.set(day, d);
      }
    }
  }
}
