import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

// One way to start a server process and wait until it listens: for the server's process tests, the
// benchmarks (bench/lib.ts) and the browser tests (e2e/global-setup.ts).

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
/** The built server (`npm run build`), as `npm start` runs it. */
export const builtServerEntry = join(repoRoot, 'apps/server/dist/server.js');
/** The line the server prints once it accepts connections; the first group is its address. */
export const nuvemListening = /Nuvem is listening on (http:\/\/\S+)/;

export interface ProcessOptions {
  /** Node's arguments: its flags, then the script (and the script's arguments). */
  args: string[];
  cwd: string;
  /** Set over this process's environment. */
  env: Record<string, string>;
  /** The line the process prints once it listens; its first group is the address. Default: Nuvem's. */
  listening?: RegExp;
  /** Fails `listening` when the line has not come by then. Default: no limit but the caller's. */
  startTimeoutMs?: number;
  /**
   * Once the process listens, its further output goes here and is not kept (a long benchmark's log
   * would fill the memory). Without it, all output is kept for output() and stderr().
   */
  afterListening?: (text: string) => void;
}

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves with the address the process prints once it listens; rejects if it exits (or times out) first. */
  listening: Promise<string>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Spawns `node <args>` in `cwd` and follows its output until it prints its listening line. */
export function startProcess(options: ProcessOptions): ServerProcess {
  const { args, cwd, env, listening: pattern = nuvemListening, startTimeoutMs, afterListening } = options;
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  let stderr = '';
  let address: string | null = null;

  const listening = new Promise<string>((resolve, reject) => {
    const timer =
      startTimeoutMs === undefined
        ? undefined
        : setTimeout(
            () => reject(new Error(`${args.join(' ')} did not listen within ${startTimeoutMs} ms:\n${output}`)),
            startTimeoutMs,
          );
    const onData = (fromStderr: boolean) => (text: string) => {
      if (address !== null && afterListening) {
        afterListening(text);
        return;
      }
      output += text;
      if (fromStderr) stderr += text;
      const match = address === null ? pattern.exec(output) : null;
      if (match?.[1]) {
        address = match[1];
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData(false));
    child.stderr.setEncoding('utf8').on('data', onData(true));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}) before listening:\n${output}`));
    });
  });
  // A process expected to fail may never be waited for: that is not an unhandled rejection.
  listening.catch(() => {});

  return {
    child,
    exited,
    listening,
    output: () => output,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Spawns src/server.ts as `npm start` would (tsx), with the given environment over a quiet default. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  return startProcess({
    args: ['--import', 'tsx', 'src/server.ts'],
    cwd: serverRoot,
    env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...env },
  });
}

/** Resolves with the address the server prints once it listens; rejects if it exits first. */
export function listeningUrl(server: ServerProcess): Promise<string> {
  return server.listening;
}
