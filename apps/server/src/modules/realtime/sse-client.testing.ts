import { createParser, type EventSourceParser } from 'eventsource-parser';

/**
 * What the stream said, as a browser's EventSource would see it (parsed by `eventsource-parser`):
 * an event (`id`, `event`, `data`), a `retry` delay, or a comment line (heartbeats, why it ended).
 */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  /** Comment lines (heartbeats). */
  comments: string[];
}

/** A parser that hands each event, retry and comment of the stream to `onFrame`, in order. */
export function frameParser(onFrame: (frame: SseFrame) => void): EventSourceParser {
  return createParser({
    onEvent: ({ id, event, data }) =>
      onFrame({
        ...(id === undefined ? {} : { id }),
        ...(event === undefined ? {} : { event }),
        data,
        comments: [],
      }),
    onRetry: (retry) => onFrame({ retry, comments: [] }),
    onComment: (comment) => onFrame({ comments: [comment.trim()] }),
  });
}

/** The frames of a whole stream's text. */
export function parseFrames(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  frameParser((frame) => frames.push(frame)).feed(text);
  return frames;
}

/** An open stream that collects frames; `until` waits for a frame matching a test. */
export interface OpenStream {
  status: number;
  frames: SseFrame[];
  until(test: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves once the server has ended the response (not on `close()`); rejects after the timeout. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
  /** The response body as text, for a refused stream. */
  text: string;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  if (!res.ok || !res.body) {
    return {
      status: res.status,
      frames,
      text: await res.text(),
      until: () => Promise.reject(new Error(`stream refused: ${res.status}`)),
      ended: () => Promise.resolve(),
      close: () => controller.abort(),
    };
  }
  const parser = frameParser((frame) => frames.push(frame));
  const decoder = new TextDecoder();
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  let endedByServer = false;
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          endedByServer = true;
          for (const wake of waiters) wake();
          break;
        }
        parser.feed(decoder.decode(value, { stream: true }));
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    frames,
    text: '',
    close: () => controller.abort(),
    ended(timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!endedByServer) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the stream did not end within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    until(test, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(test);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
