import { describe, expect, it } from 'vitest';
import { afterPlacing, placeContainer, type MemberCapacity } from './placement.js';

const GB = 1e9;
const member = (
  name: string,
  freeMemoryGb: number,
  freeDiskGb: number | null = 100,
  online = true,
): MemberCapacity => ({
  name,
  online,
  freeMemoryBytes: freeMemoryGb * GB,
  freeDiskBytes: freeDiskGb === null ? null : freeDiskGb * GB,
});
const need = (memoryGb: number, diskGb: number | null = null) => ({
  memoryBytes: memoryGb * GB,
  diskBytes: diskGb === null ? null : diskGb * GB,
});

describe('placing a container on an LXD cluster member', () => {
  it('goes to the online member with the most free memory', () => {
    expect(placeContainer([member('a', 4), member('b', 12), member('c', 8)], need(1))).toEqual({
      member: 'b',
      fits: true,
    });
  });

  it('skips members that are not online, and has nowhere to go when none is', () => {
    expect(placeContainer([member('a', 4), member('b', 12, 100, false)], need(1))).toEqual({ member: 'a', fits: true });
    expect(placeContainer([member('a', 4, 100, false)], need(1))).toBeNull();
    expect(placeContainer([], need(1))).toBeNull();
  });

  it('skips a member without disk room for the root disk, though it has the most memory', () => {
    expect(placeContainer([member('a', 16, 5), member('b', 8, 50)], need(1, 10))).toEqual({ member: 'b', fits: true });
    // Disk unknown (LXD did not say): memory decides.
    expect(placeContainer([member('a', 16, null), member('b', 8, 50)], need(1, 10))).toEqual({
      member: 'a',
      fits: true,
    });
  });

  it('with no member that has room, goes where most memory is free and says it does not fit', () => {
    expect(placeContainer([member('a', 1), member('b', 2)], need(4))).toEqual({ member: 'b', fits: false });
  });

  it('breaks ties by free disk, then by name', () => {
    expect(placeContainer([member('a', 8, 10), member('b', 8, 20)], need(1))).toEqual({ member: 'b', fits: true });
    expect(placeContainer([member('b', 8, 20), member('a', 8, 20)], need(1))).toEqual({ member: 'a', fits: true });
  });

  it('spreads a burst over equal members: what was placed counts until the next reading', () => {
    let members = [member('a', 8), member('b', 8)];
    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const chosen = placeContainer(members, need(1, 10));
      if (!chosen) throw new Error('no placement');
      placed.push(chosen.member);
      members = members.map((m) => (m.name === chosen.member ? afterPlacing(m, need(1, 10)) : m));
    }
    expect(placed).toEqual(['a', 'b', 'a', 'b']);
    expect(members.map((m) => m.freeDiskBytes)).toEqual([80 * GB, 80 * GB]);
  });
});
