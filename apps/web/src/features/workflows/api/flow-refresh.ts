import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A run's end reaches the page several ways at once: its `execution.updated`, the flow's
 * `flow.updated`, the run panel seeing the run finished (its fallback when the stream is down), a
 * cancel's reply. Each used to refresh the flow list itself, and each refresh restarted the last,
 * so one run's end fetched the list about six times. Refreshes asked for within this window are
 * made once.
 */
export const REFRESH_COALESCE_MS = 250;

/** The finished runs whose end has been refreshed for, per query client (bounded: only recent ones matter). */
const RUNS_KEPT = 200;

interface Pending {
  keys: QueryKey[];
  timer: ReturnType<typeof setTimeout>;
}

const pending = new WeakMap<QueryClient, Pending>();
const endedRuns = new WeakMap<QueryClient, Set<string>>();

/** Whether `key` starts with `prefix` (a query key covers every key it is a prefix of). */
function covers(prefix: QueryKey, key: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => part === key[i]);
}

/** Refreshes these queries soon, once, with whatever else is asked for meanwhile (a wider key covers a narrower one). */
export function refreshSoon(queryClient: QueryClient, ...keys: QueryKey[]): void {
  let batch = pending.get(queryClient);
  if (!batch) {
    const created: Pending = {
      keys: [],
      timer: setTimeout(() => {
        pending.delete(queryClient);
        for (const key of created.keys) void queryClient.invalidateQueries({ queryKey: key });
      }, REFRESH_COALESCE_MS),
    };
    batch = created;
    pending.set(queryClient, created);
  }
  for (const key of keys) {
    if (batch.keys.some((other) => covers(other, key))) continue;
    batch.keys = batch.keys.filter((other) => !covers(key, other)).concat([key]);
  }
}

/** Whether refreshes are waiting to be made (for tests: the page has settled once none are). */
export function refreshPending(queryClient: QueryClient): boolean {
  return pending.has(queryClient);
}

/**
 * Marks the run's end as handled: true the first time for a run, false afterwards, so the several
 * ways a run's end arrives refresh what it changed once.
 */
export function firstNewsOfEnd(queryClient: QueryClient, runId: string): boolean {
  let seen = endedRuns.get(queryClient);
  if (!seen) {
    seen = new Set();
    endedRuns.set(queryClient, seen);
  }
  if (seen.has(runId)) return false;
  seen.add(runId);
  if (seen.size > RUNS_KEPT) {
    const oldest = seen.values().next().value;
    if (oldest !== undefined) seen.delete(oldest);
  }
  return true;
}
