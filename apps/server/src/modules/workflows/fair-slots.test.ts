import { describe, expect, it } from 'vitest';
import { FairSlots } from './fair-slots.js';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('FairSlots', () => {
  it('grants free slots at once and queues the rest', async () => {
    const slots = new FairSlots(2, 100);
    const a = await slots.acquire('u1');
    await slots.acquire('u1');
    expect(slots.busy).toBe(2);
    let granted = false;
    const third = slots.acquire('u2').then((slot) => {
      granted = true;
      return slot;
    });
    await Promise.resolve();
    expect(granted).toBe(false);
    expect(slots.queued).toBe(1);
    slots.release(a);
    expect((await third).userId).toBe('u2');
    expect(slots.heldBy('u1')).toBe(1);
    expect(slots.heldBy('u2')).toBe(1);
  });

  it('serves a user with nothing in flight before the queue of a user who holds slots', async () => {
    const slots = new FairSlots(2, 100);
    const held = [await slots.acquire('heavy'), await slots.acquire('heavy')];
    const order: string[] = [];
    const waits = [
      ...Array.from({ length: 5 }, () => slots.acquire('heavy').then(() => order.push('heavy'))),
      slots.acquire('victim').then(() => order.push('victim')),
    ];
    slots.release(held[0]!);
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['victim']);
    slots.release(held[1]!);
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['victim', 'heavy']);
    expect(waits).toHaveLength(6);
  });

  it('takes turns between two users with many runs each', async () => {
    const slots = new FairSlots(1, 0);
    const first = await slots.acquire('a');
    const order: string[] = [];
    const pending = [
      ...['a', 'a', 'a'].map((user) => slots.acquire(user).then((slot) => ({ user, slot }))),
      ...['b', 'b', 'b'].map((user) => slots.acquire(user).then((slot) => ({ user, slot }))),
    ];
    let current = first;
    for (let i = 0; i < 6; i += 1) {
      slots.release(current);
      const next = await Promise.race(pending.map((promise, index) => promise.then((value) => ({ ...value, index }))));
      void pending.splice(next.index, 1);
      order.push(next.user);
      current = next.slot;
    }
    // 'a' was served last (the first slot): 'b' goes first, then they alternate.
    expect(order).toEqual(['b', 'a', 'b', 'a', 'b', 'a']);
  });

  it('asks a run to yield only after its slice, and only to another user', async () => {
    const time = clock();
    const slots = new FairSlots(1, 200, time.now);
    const slot = await slots.acquire('a');
    void slots.acquire('a');
    time.advance(500);
    expect(slots.shouldYield(slot)).toBe(false); // only its own user waits
    const victim = slots.acquire('b');
    expect(slots.shouldYield(slot)).toBe(true);
    const after = slots.turn(slot);
    expect((await victim).userId).toBe('b');
    expect(slots.heldBy('a')).toBe(0);
    let back = false;
    void after.then(() => (back = true));
    await Promise.resolve();
    expect(back).toBe(false);
  });

  it('keeps the slot within its slice', async () => {
    const time = clock();
    const slots = new FairSlots(1, 200, time.now);
    const slot = await slots.acquire('a');
    void slots.acquire('b');
    time.advance(199);
    expect(await slots.turn(slot)).toBe(slot);
  });

  it('drops a waiter whose signal aborts', async () => {
    const slots = new FairSlots(1, 100);
    const slot = await slots.acquire('a');
    const abort = new AbortController();
    const waiting = slots.acquire('b', abort.signal);
    abort.abort(new Error('job expired'));
    await expect(waiting).rejects.toThrow('job expired');
    expect(slots.queued).toBe(0);
    slots.release(slot);
    expect(slots.busy).toBe(0);
  });
});
