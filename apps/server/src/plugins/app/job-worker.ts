/**
 * Keeps up to `concurrency` jobs of one kind running on this instance: it fetches as many as there
 * are free slots (pg-boss marks them active, SKIP LOCKED, so instances never share one), starts each
 * on its own, and fetches again as soon as a slot frees while the queue may hold more, at a notice
 * (a job sent from this instance), or at the polling interval. pg-boss's own `work()` runs a whole
 * batch and waits for its slowest job before fetching again, so a queue of short jobs behind one
 * long one waited (the workflow benchmark's server sat 42% idle with runs queued).
 */
/** Notices this close together are answered by one fetch. */
export const NOTICE_COALESCE_MS = 5;

export class JobWorker<Job = unknown> {
  private readonly inFlight = new Set<Promise<void>>();
  private mayHaveMore = true;
  private stopping = false;
  private wake: (() => void) | null = null;
  private noticeTimer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly options: {
      concurrency: number;
      pollMs: number;
      fetch: (count: number) => Promise<Job[] | null>;
      run: (job: Job) => Promise<void>;
      onError: (error: unknown) => void;
    },
  ) {}

  start(): void {
    this.loop ??= this.work();
  }

  /**
   * Jobs may be waiting (one was just sent): fetch in a moment rather than at the next poll. The
   * notices of a few milliseconds are answered by one fetch (a fetch costs the same for one job or
   * fifty, and under load each send would otherwise make its own).
   */
  notify(): void {
    this.mayHaveMore = true;
    if (this.noticeTimer) return;
    this.noticeTimer = setTimeout(() => {
      this.noticeTimer = null;
      this.wake?.();
    }, NOTICE_COALESCE_MS);
    this.noticeTimer.unref();
  }

  private isStopping(): boolean {
    return this.stopping;
  }

  /** Jobs running now. */
  get running(): number {
    return this.inFlight.size;
  }

  private async work(): Promise<void> {
    const { concurrency, pollMs, fetch, run, onError } = this.options;
    while (!this.stopping) {
      const free = concurrency - this.inFlight.size;
      if (free > 0 && this.mayHaveMore) {
        this.mayHaveMore = false;
        let jobs: Job[] = [];
        try {
          jobs = (await fetch(free)) ?? [];
        } catch (error) {
          onError(error);
        }
        // A full batch: more may be waiting (fetched again when a slot frees).
        if (jobs.length === free) this.mayHaveMore = true;
        for (const job of jobs) {
          const running: Promise<void> = run(job)
            .catch(onError)
            .finally(() => {
              this.inFlight.delete(running);
              if (this.mayHaveMore) this.wake?.();
            });
          this.inFlight.add(running);
        }
        if (this.mayHaveMore && this.inFlight.size < concurrency) continue;
      }
      // Until a slot frees (when more may wait), a notice, or the polling interval.
      await new Promise<void>((resolve) => {
        // stop() may have come while fetching, when there was no wait to end.
        if (this.isStopping()) {
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          this.mayHaveMore = true;
          resolve();
        }, pollMs);
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Fetches no more, and waits up to `timeoutMs` for the jobs running to end. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.wake?.();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}
