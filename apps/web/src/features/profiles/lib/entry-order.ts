export type MoveDirection = 'up' | 'down';

/**
 * The ids of `entries` with the one at `id` moved one place up or down, or null when it cannot
 * move (already first or last, or not in the list): nothing to send then.
 */
export function movedIds(entries: readonly { id: string }[], id: string, direction: MoveDirection): string[] | null {
  const ids = entries.map((entry) => entry.id);
  const from = ids.indexOf(id);
  if (from === -1) return null;
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [ids[to] ?? id, id];
  return next;
}
