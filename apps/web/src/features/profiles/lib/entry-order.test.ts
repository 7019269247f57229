import { describe, expect, it } from 'vitest';
import { movedIds } from './entry-order';

const entries = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('movedIds', () => {
  it('moves an entry one place up or down', () => {
    expect(movedIds(entries, 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(movedIds(entries, 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(movedIds(entries, 'a', 'down')).toEqual(['b', 'a', 'c']);
  });

  it('is null when the entry cannot move or is unknown', () => {
    expect(movedIds(entries, 'a', 'up')).toBeNull();
    expect(movedIds(entries, 'c', 'down')).toBeNull();
    expect(movedIds(entries, 'x', 'up')).toBeNull();
  });

  it('does not change the list it was given', () => {
    const list = [{ id: 'a' }, { id: 'b' }];
    movedIds(list, 'b', 'up');
    expect(list.map((e) => e.id)).toEqual(['a', 'b']);
  });
});
