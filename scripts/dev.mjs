// `npm run dev`: the server in watch mode and Vite with hot reload, proxying API paths to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@nuvem/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: port },
  }),
  spawn('npm', ['run', 'dev', '-w', '@nuvem/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NUVEM_SERVER_URL: `http://localhost:${port}` },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
