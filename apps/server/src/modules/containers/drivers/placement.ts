// Where a new container goes in an LXD cluster: the member with the most free memory among those
// online with room for it. Pure; lxd-driver.ts reads the members' capacity and sends `target`.

/** One cluster member as the placement sees it. */
export interface MemberCapacity {
  name: string;
  /** LXD's member status is `Online` (not Offline, Evacuated, Blocked). */
  online: boolean;
  freeMemoryBytes: number;
  /** Free space of the pool the root disk goes to; null when LXD did not say. */
  freeDiskBytes: number | null;
}

export interface PlacementNeed {
  memoryBytes: number;
  /** The root disk's size; null when the pool's default applies (no size asked). */
  diskBytes: number | null;
}

export interface Placement {
  member: string;
  /** False when no online member had room (the container goes where most memory is free). */
  fits: boolean;
}

const fits = (member: MemberCapacity, need: PlacementNeed) =>
  member.freeMemoryBytes >= need.memoryBytes &&
  (need.diskBytes === null || member.freeDiskBytes === null || member.freeDiskBytes >= need.diskBytes);

/**
 * The member for a container needing `need`: of the online members with room for its memory limit
 * (and disk, when both are known), the one with the most free memory, then the most free disk, then
 * the first by name. With none that has room, the online one with the most free memory (a limit is
 * a cap LXD does not reserve, so the container still starts; the caller logs it). Null when no member
 * is online.
 */
export function placeContainer(members: readonly MemberCapacity[], need: PlacementNeed): Placement | null {
  const online = members.filter((member) => member.online);
  if (online.length === 0) return null;
  const order = (a: MemberCapacity, b: MemberCapacity) =>
    b.freeMemoryBytes - a.freeMemoryBytes ||
    (b.freeDiskBytes ?? 0) - (a.freeDiskBytes ?? 0) ||
    a.name.localeCompare(b.name);
  const roomy = online.filter((member) => fits(member, need)).sort(order);
  const chosen = roomy[0];
  if (chosen) return { member: chosen.name, fits: true };
  const fallback = [...online].sort(order)[0];
  return fallback ? { member: fallback.name, fits: false } : null;
}

/**
 * A member's capacity once a container needing `need` was placed there: what the next placement
 * reads until the members are measured again (so a burst of creates spreads out instead of all
 * going where the last reading said most was free).
 */
export function afterPlacing(member: MemberCapacity, need: PlacementNeed): MemberCapacity {
  return {
    ...member,
    freeMemoryBytes: member.freeMemoryBytes - need.memoryBytes,
    freeDiskBytes:
      member.freeDiskBytes === null || need.diskBytes === null
        ? member.freeDiskBytes
        : member.freeDiskBytes - need.diskBytes,
  };
}
