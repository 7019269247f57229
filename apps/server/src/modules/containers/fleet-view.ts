import type { Container } from '@nuvem/contracts/containers';
import type { EventBus } from '../../plugins/app/event-bus.js';

/** A running container's latest metrics, as the sampler stored and announced them. */
export interface LatestSample {
  metrics: Container['metrics'];
  /** When it was sampled, ms since epoch. */
  at: number;
}

/** The Overview summary counts only samples this recent (as it did when it read them from the table). */
export const LATEST_SAMPLE_MAX_AGE_MS = 5 * 60_000;

interface Cached<T> {
  generation: number;
  at: number;
  value: T;
}

interface UserEntry {
  /** Bumped by every change to one of the user's containers (this instance's or, via the bus, another's). */
  generation: number;
  results: Map<string, Cached<unknown>>;
  /** Resolves once the user's latest samples were read from the table (after a start or a resubscribe). */
  primed?: Promise<void>;
}

export interface FleetViewOptions {
  bus: EventBus;
  /** The latest stored sample of each of the user's running containers (at most LATEST_SAMPLE_MAX_AGE_MS old). */
  loadLatest: (userId: string) => Promise<Array<{ id: string } & LatestSample>>;
  /** A safety net for a change whose event never arrived: nothing cached is used after this long. */
  ttlMs?: number;
  /** Users whose lists are kept (least recently used dropped first). */
  maxUsers?: number;
  /** Results kept per user (pages and filters). */
  maxResultsPerUser?: number;
  now?: () => number;
  /** A background read of the stored samples failed (it is tried again by the next read). */
  onError?: (error: unknown) => void;
}

/**
 * What the container list and the Overview summary read instead of querying the table, and the
 * driver per running row, on every request (issue 18): each user's query results, kept until one of
 * their containers changes, and every container's latest sample, kept fresh by the sampler.
 *
 * - Results are dropped by any `container.updated` event that is not a metrics sample: the service
 *   calls `changed` itself right after each write (so a user reads their own write at once, before
 *   the bus's round trip through Redis), and the bus brings other instances' changes (milliseconds
 *   later). A result is never used after `ttlMs`, and everything is dropped when the Redis
 *   subscription comes back after a disconnect (messages sent meanwhile were missed).
 * - A result read from the table is stored with the generation seen before the query started, so a
 *   change that lands during the query leaves it already out of date.
 * - Samples come from the sampler's `container.updated` events (whichever instance sampled); an
 *   instance that has just started reads a user's latest stored samples once, in the background.
 */
export function createFleetView(options: FleetViewOptions) {
  const { bus, loadLatest } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const maxUsers = options.maxUsers ?? 1_000;
  const maxResults = options.maxResultsPerUser ?? 50;
  const now = options.now ?? Date.now;
  const users = new Map<string, UserEntry>();
  const latest = new Map<string, LatestSample>();
  // Samples received per user: a summary made from the samples is kept until the next one arrives.
  const sampled = new Map<string, number>();
  let sweptAt = now();

  function entry(userId: string): UserEntry {
    let found = users.get(userId);
    if (found) {
      // Most recently used last.
      users.delete(userId);
    } else {
      found = { generation: 0, results: new Map() };
      if (users.size >= maxUsers) {
        const oldest = users.keys().next().value;
        if (oldest !== undefined) users.delete(oldest);
      }
    }
    users.set(userId, found);
    return found;
  }

  function record(id: string, sample: LatestSample, userId?: string): void {
    const known = latest.get(id);
    if (!known || known.at <= sample.at) latest.set(id, sample);
    if (userId !== undefined && users.has(userId)) sampled.set(userId, (sampled.get(userId) ?? 0) + 1);
    // Samples of containers no longer sampled (stopped, deleted elsewhere) go after a while.
    const t = now();
    if (t - sweptAt < 60_000) return;
    sweptAt = t;
    for (const [key, value] of latest) if (t - value.at > LATEST_SAMPLE_MAX_AGE_MS) latest.delete(key);
  }

  function changed(userId: string, containerId?: string, deleted = false): void {
    const found = users.get(userId);
    if (found) {
      found.generation += 1;
      found.results.clear();
    }
    if (deleted && containerId) latest.delete(containerId);
  }

  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'container.updated') return;
    const data = event.data as { id?: unknown; metrics?: unknown; deleted?: unknown };
    if (typeof data.id !== 'string') return;
    if (data.metrics && typeof data.metrics === 'object' && data.deleted !== true) {
      record(data.id, { metrics: data.metrics as LatestSample['metrics'], at: event.at }, event.userId);
    } else {
      changed(event.userId, data.id, data.deleted === true);
    }
  });
  const unsubscribeResubscribed = bus.onResubscribed(() => {
    users.clear();
    latest.clear();
    sampled.clear();
  });

  return {
    /** Something about one of the user's containers changed (a write on this instance). */
    changed,

    /** The sampler's newest sample of a running container, on this instance. */
    record,

    /**
     * The user's cached result for `key`, else `load()`'s, kept for the next reads until a change.
     * The value must not be modified by callers.
     */
    async result<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
      const user = entry(userId);
      const cached = user.results.get(key);
      const t = now();
      if (cached && cached.generation === user.generation && t - cached.at < ttlMs) return cached.value as T;
      const generation = user.generation;
      const value = await load();
      const current = users.get(userId);
      if (current && current.generation === generation) {
        if (current.results.size >= maxResults) current.results.clear();
        current.results.set(key, { generation, at: t, value });
      }
      return value;
    },

    /** The container's latest sample, if one is at most LATEST_SAMPLE_MAX_AGE_MS old (at `at`). */
    latestOf(id: string, at = now()): LatestSample | undefined {
      const sample = latest.get(id);
      return sample && at - sample.at <= LATEST_SAMPLE_MAX_AGE_MS ? sample : undefined;
    },

    /** Changes whenever a sample of one of the user's containers arrives (for results made from samples). */
    samplesSeen(userId: string): number {
      return sampled.get(userId) ?? 0;
    },

    now,

    /**
     * Reads the user's latest stored samples once on this instance (after a start or a resubscribe),
     * in the background: a read never waits for it (until it lands, and until the sampler's next pass,
     * a running container without a sample shows zeros). Resolves when it has landed.
     */
    prime(userId: string): Promise<void> {
      const user = entry(userId);
      user.primed ??= loadLatest(userId).then(
        (rows) => {
          for (const { id, ...sample } of rows) record(id, sample, userId);
        },
        (error: unknown) => {
          // Tried again by the next read.
          user.primed = undefined;
          options.onError?.(error);
        },
      );
      return user.primed;
    },

    close(): void {
      unsubscribe();
      unsubscribeResubscribed();
      users.clear();
      latest.clear();
      sampled.clear();
    },
  };
}

export type FleetView = ReturnType<typeof createFleetView>;
