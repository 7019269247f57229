// `npm run dev`: the server in watch mode and Vite with hot reload, proxying API paths to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
// The browser uses Vite's address, and the server takes its own origin (for redirects, the CSRF
// check and the OAuth callbacks) from PUBLIC_URL, never from the Host header: make that Vite's
// address, and keep the server's own address allowed for anyone who opens it directly.
const webOrigin = 'http://localhost:5173'; // apps/web/vite.config.ts server.port
const serverOrigin = `http://localhost:${port}`;
const publicUrl = process.env.PUBLIC_URL || webOrigin;
const allowedOrigins = [process.env.ALLOWED_REDIRECT_ORIGINS, webOrigin, serverOrigin]
  .filter((origin) => origin && origin !== new URL(publicUrl).origin)
  .join(',');
const children = [
  spawn('npm', ['run', 'dev', '-w', '@nuvem/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      ...process.env,
      PORT: port,
      PUBLIC_URL: publicUrl,
      ALLOWED_REDIRECT_ORIGINS: allowedOrigins,
    },
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
