import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
}

/** Spawns src/server.ts as `npm start` would (tsx), with the given environment over a quiet default. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves with the address the server prints once it listens; rejects if it exits first. */
export function listeningUrl(server: ServerProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Nuvem is listening on (http:\/\/\S+)/.exec(server.output());
      if (match?.[1]) resolve(match[1]);
    };
    server.child.stdout.on('data', check);
    server.child.stderr.on('data', check);
    check();
    void server.exited.then((code) =>
      reject(new Error(`server exited (${code}) before listening:\n${server.output()}`)),
    );
  });
}
