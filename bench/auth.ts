// The sign-in service under load, on the real built server with its embedded database:
// - GET /sso/check with a valid session cookie (every app's session check) against GET /healthz
//   in the same run, as req/s, p99 and their ratio;
// - POST /auth/login with the right password (argon2id verification), as logins per second with
//   the server limited to one core for hashing (UV_THREADPOOL_SIZE=1).
// Run with `npm run bench:auth` (builds first). BENCH_DURATION and BENCH_CONNECTIONS tune the load.
import { cpus } from 'node:os';
import { connections, durationSeconds, load, printResults, startNuvem } from './lib.js';

console.log(
  `auth: ${connections} connections, ${durationSeconds} s per target, ${cpus().length} CPU(s), Node ${process.version}`,
);

const nuvem = await startNuvem({ SEED_DEMO: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '10000', UV_THREADPOOL_SIZE: '1' });
try {
  const account = { email: `bench-${Date.now()}@example.com`, password: 'bench passphrase 1', displayName: 'Bench' };
  const registered = await fetch(`${nuvem.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: nuvem.url },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const check = await fetch(`${nuvem.url}/sso/check`, { headers: { cookie } });
  const checked = (await check.json()) as { authenticated?: boolean };
  if (!checked.authenticated) throw new Error('the session cookie does not authenticate');

  const healthz = await load('GET /healthz', `${nuvem.url}/healthz`);
  const ssoCheck = await load('GET /sso/check (valid cookie)', `${nuvem.url}/sso/check?application_id=main`, {
    headers: { cookie },
  });
  const logins = await load('POST /auth/login (argon2id, 1 hashing thread)', `${nuvem.url}/auth/login`, {
    method: 'POST',
    connections: 4,
    headers: { 'content-type': 'application/json', origin: nuvem.url },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  printResults([healthz, ssoCheck, logins]);
  console.log(
    `ratio /sso/check vs /healthz: throughput ${(ssoCheck.requestsPerSecond / healthz.requestsPerSecond).toFixed(2)}x, ` +
      `p99 latency ${(ssoCheck.p99Ms / Math.max(healthz.p99Ms, 1)).toFixed(2)}x`,
  );
  console.log(`password logins per second on one hashing core: ${logins.requestsPerSecond}`);
  if ([healthz, ssoCheck, logins].some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('errors or non-2xx answers under load');
    process.exitCode = 1;
  }
} finally {
  await nuvem.stop();
}
