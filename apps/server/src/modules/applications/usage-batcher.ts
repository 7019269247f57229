import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationsRepository, UsedKey } from './applications.repository.js';

export type UsageOutcome = 'allowed' | 'rate_limited' | 'rejected';

export type { UsedKey };

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
 * Counts key usage in memory and writes it in one transaction per flush (`repo.writeUsage`), so a request never waits
 * for a database write. What is not yet flushed is lost if the process dies hard; a clean close flushes.
 */
export class UsageBatcher {
  private pending = new Map<string, KeyCounts>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: Pick<ApplicationsRepository, 'writeUsage'>,
    private readonly log: FastifyBaseLogger,
    /** After a flush commits: the keys whose count went up, with their new totals. */
    private readonly onWritten?: (used: UsedKey[]) => void,
    /**
     * Counts are written this long after the first one of a batch (USAGE_FLUSH_INTERVAL_MS); no
     * timer runs while nothing is counted, so an idle server does no work for usage. 0: only when
     * `flush` is called.
     */
    private readonly flushAfterMs = 0,
  ) {}

  private timer: NodeJS.Timeout | null = null;

  private arm(): void {
    if (this.timer || this.flushAfterMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // A failed write keeps its counts: they are tried again after another interval.
      void this.flush().then(() => {
        if (this.pending.size > 0) this.arm();
      });
    }, this.flushAfterMs);
    this.timer.unref();
  }

  /** Stops the timer (the server closes; its last flush is called by the owner). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  record(keyId: string, outcome: UsageOutcome, at: Date = new Date()): void {
    this.arm();
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
    let used: UsedKey[];
    try {
      used = await this.repo.writeUsage(
        [...batch].map(([keyId, counts]) => ({
          keyId,
          allowed: counts.allowed,
          lastUsedAt: counts.lastUsedAt,
          days: [...counts.days].map(([day, c]) => ({ day, ...c })),
        })),
      );
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
