/** A Server-Sent Events frame as a browser's EventSource would see it. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  /** Comment lines (heartbeats). */
  comments: string[];
}

/** Splits a stream's text into frames (blank-line separated), per the SSE format. */
export function parseFrames(text: string): SseFrame[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const frame: SseFrame = { comments: [] };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
        else {
          const at = line.indexOf(':');
          const field = at < 0 ? line : line.slice(0, at);
          const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
          if (field === 'id') frame.id = value;
          else if (field === 'event') frame.event = value;
          else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
          else if (field === 'retry') frame.retry = Number(value);
        }
      }
      return frame;
    });
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
  let buffer = '';
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
        buffer += decoder.decode(value, { stream: true });
        const end = buffer.lastIndexOf('\n\n');
        if (end >= 0) {
          frames.push(...parseFrames(buffer.slice(0, end + 2)));
          buffer = buffer.slice(end + 2);
          for (const wake of waiters) wake();
        }
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
