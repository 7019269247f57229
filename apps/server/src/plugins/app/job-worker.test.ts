import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { JobWorker } from './job-worker.js';

/** Waits (up to 5 s) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(2);
  }
}

/** A queue in memory: jobs are numbers, each taking its own number of milliseconds. */
function harness(concurrency: number, durations: number[]) {
  const waiting = [...durations];
  const fetches: number[] = [];
  const done: number[] = [];
  const peak = { now: 0, most: 0 };
  const worker = new JobWorker<number>({
    concurrency,
    pollMs: 10_000,
    fetch: async (count) => {
      fetches.push(count);
      return waiting.splice(0, count);
    },
    run: async (ms) => {
      peak.now += 1;
      peak.most = Math.max(peak.most, peak.now);
      await sleep(ms);
      peak.now -= 1;
      done.push(ms);
    },
    onError: (error) => {
      throw error;
    },
  });
  return { worker, waiting, fetches, done, peak };
}

describe('the job worker', () => {
  it('starts a waiting job as soon as a slot frees, not after the slowest job of its batch', async () => {
    const { worker, done } = harness(2, [1_500, 10, 11, 12, 13]);
    worker.start();
    // The long job holds one slot; the four short ones go through the other meanwhile.
    await until(() => done.length === 4);
    expect(done).toEqual([10, 11, 12, 13]);
    expect(worker.running).toBe(1);
    await worker.stop(5_000);
    expect(done).toEqual([10, 11, 12, 13, 1_500]);
  });

  it('never runs more than its concurrency at once', async () => {
    const { worker, fetches } = harness(
      3,
      Array.from({ length: 12 }, () => 20),
    );
    let most = 0;
    worker.start();
    for (let i = 0; i < 20; i++) {
      most = Math.max(most, worker.running);
      await sleep(5);
    }
    expect(most).toBe(3);
    expect(Math.max(...fetches)).toBeLessThanOrEqual(3);
    await worker.stop(1_000);
  });

  it('answers the notices of a few milliseconds with one fetch, and sleeps until the poll without them', async () => {
    const { worker, waiting, fetches } = harness(10, []);
    worker.start();
    await until(() => fetches.length === 1); // the first look: the queue is empty
    await sleep(50);
    expect(fetches).toEqual([10]); // so it waits for the poll (10 s) or a notice
    waiting.push(1, 1, 1);
    worker.notify();
    worker.notify();
    worker.notify();
    await until(() => waiting.length === 0);
    await sleep(50);
    expect(fetches).toEqual([10, 10]);
    await worker.stop(1_000);
  });

  it('fetches no more once stopped, and waits for the jobs running only up to its budget', async () => {
    const { worker, fetches, done } = harness(1, [5_000, 1]);
    worker.start();
    await until(() => worker.running === 1);
    const started = performance.now();
    await worker.stop(100);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(done).toEqual([]);
    expect(fetches).toEqual([1]);
  });
});
