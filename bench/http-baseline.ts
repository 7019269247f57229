// The cost of the Nuvem stack per request: GET /healthz and GET /sso/check with a valid session
// cookie of the real built server (Fastify, security headers, request ids, one log line per request
// at the default level, the authentication hook) against a bare node:http hello-world, in one run,
// under the same load. Run with `npm run bench` (builds first). BENCH_DURATION and
// BENCH_CONNECTIONS tune the load.
import { cpus } from 'node:os';
import { connections, durationSeconds, load, printResults, registerBenchUser, spawnServer, startNuvem } from './lib.js';

const bareServer = `
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  server.listen(0, '127.0.0.1', () => console.log('bare listening on http://127.0.0.1:' + server.address().port));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

console.log(
  `http-baseline: ${connections} connections, ${durationSeconds} s per target, ${cpus().length} CPU(s), Node ${process.version}`,
);

const bare = await spawnServer(['-e', bareServer], {}, /bare listening on (http:\/\/\S+)/);
const nuvem = await startNuvem({ SEED_DEMO: 'false' });
try {
  // A signed-in user's session cookie, for the SSO check every ecosystem app makes.
  const { cookie } = await registerBenchUser(nuvem.url);

  const baseline = await load('node:http hello-world', bare.url);
  const healthz = await load('nuvem GET /healthz', `${nuvem.url}/healthz`);
  const ssoCheck = await load('nuvem GET /sso/check (valid cookie)', `${nuvem.url}/sso/check?application_id=main`, {
    headers: { cookie },
  });
  printResults([baseline, healthz, ssoCheck]);
  for (const result of [healthz, ssoCheck]) {
    const throughput = result.requestsPerSecond / baseline.requestsPerSecond;
    const latency = result.p99Ms / Math.max(baseline.p99Ms, 1);
    console.log(
      `ratio ${result.label} / bare: throughput ${throughput.toFixed(2)}x, p99 latency ${latency.toFixed(2)}x`,
    );
  }
  if ([healthz, ssoCheck].some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('nuvem answered with errors under load');
    process.exitCode = 1;
  }
} finally {
  await Promise.all([bare.stop(), nuvem.stop()]);
}
