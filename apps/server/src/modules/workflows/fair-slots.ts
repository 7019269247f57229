/**
 * The run slots of one instance, shared fairly between users (issue 29).
 *
 * A run holds a slot while it works and gives it back between two steps when another user's run
 * waits and it has held the slot for its time slice, then queues for it again. A free slot goes to
 * the waiting run whose user holds the fewest slots (among those, the user served least recently,
 * then the longest-waiting run): a user with nothing in flight is served first, whatever others
 * queue, and users with many runs take turns.
 */
export interface Slot {
  readonly userId: string;
  /** When this slot was granted (its time slice counts from then). */
  readonly since: number;
}

interface Waiter {
  userId: string;
  at: number;
  seq: number;
  grant: (slot: Slot) => void;
  fail: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class FairSlots {
  private readonly held = new Map<string, number>();
  /** When each user was last granted a slot (a grant counter): among equals, the least recently served goes first. */
  private readonly served = new Map<string, number>();
  private grants = 0;
  private readonly waiting: Waiter[] = [];
  private inUse = 0;
  private seq = 0;

  constructor(
    /** Runs working at once on this instance. */
    readonly capacity: number,
    /** How long a run may keep its slot while another user's run waits. */
    readonly sliceMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (capacity < 1) throw new Error('FairSlots needs at least one slot');
  }

  /** Slots in use now. */
  get busy(): number {
    return this.inUse;
  }

  /** Runs waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Slots `userId` holds now. */
  heldBy(userId: string): number {
    return this.held.get(userId) ?? 0;
  }

  /** A slot for a run of `userId`: at once when one is free and nobody waits, else in its turn. */
  acquire(userId: string, signal?: AbortSignal): Promise<Slot> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.inUse < this.capacity && this.waiting.length === 0) return Promise.resolve(this.take(userId));
    return this.enqueue(userId, signal);
  }

  private enqueue(userId: string, signal?: AbortSignal): Promise<Slot> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = { userId, at: this.now(), seq: this.seq++, grant: resolve, fail: reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
    });
  }

  /** Gives a slot back; the next run in turn gets it. */
  release(slot: Slot): void {
    this.inUse -= 1;
    const count = (this.held.get(slot.userId) ?? 1) - 1;
    if (count > 0) this.held.set(slot.userId, count);
    else this.held.delete(slot.userId);
    if (count <= 0 && !this.waiting.some((waiter) => waiter.userId === slot.userId)) this.served.delete(slot.userId);
    this.grantNext();
  }

  /** Whether a run holding `slot` should let another user's run go first (between two steps). */
  shouldYield(slot: Slot): boolean {
    if (this.now() - slot.since < this.sliceMs) return false;
    return this.waiting.some((waiter) => waiter.userId !== slot.userId);
  }

  /**
   * Between two steps: gives the slot back and waits for one again when another user's run waits
   * and this one has had its slice; else keeps it.
   */
  async turn(slot: Slot, signal?: AbortSignal): Promise<Slot> {
    if (!this.shouldYield(slot)) return slot;
    // In the queue before the slot is given back: the user keeps its place in the turns.
    const next = this.enqueue(slot.userId, signal);
    this.release(slot);
    return next;
  }

  private take(userId: string): Slot {
    this.inUse += 1;
    this.held.set(userId, (this.held.get(userId) ?? 0) + 1);
    this.served.set(userId, this.grants++);
    return { userId, since: this.now() };
  }

  private grantNext(): void {
    while (this.inUse < this.capacity && this.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.waiting.length; i += 1) {
        const a = this.waiting[i];
        const b = this.waiting[best];
        if (!a || !b) continue;
        const heldA = this.heldBy(a.userId);
        const heldB = this.heldBy(b.userId);
        const servedA = this.served.get(a.userId) ?? -1;
        const servedB = this.served.get(b.userId) ?? -1;
        if (heldA < heldB || (heldA === heldB && (servedA < servedB || (servedA === servedB && a.seq < b.seq))))
          best = i;
      }
      const [waiter] = this.waiting.splice(best, 1);
      if (!waiter) return;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.grant(this.take(waiter.userId));
    }
  }
}
