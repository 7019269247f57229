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

// The floor of the framework: a Fastify app with nothing but what every Nuvem answer carries (the
// same security headers and request id, Fastify's per-request child logger at the default level,
// the probe's 'warn' log level), so the ratio says how much of the gap is Fastify itself.
const fastifyFloor = `
  const { randomUUID } = require('node:crypto');
  const app = require('fastify')({
    logger: { level: 'info' },
    disableRequestLogging: true,
    genReqId: () => 'req_' + randomUUID(),
  });
  const headers = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(headers);
    done();
  });
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', uptime: process.uptime() }));
  app.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log('fastify listening on ' + address));
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

console.log(
  `http-baseline: ${connections} connections, ${durationSeconds} s per target, ${cpus().length} CPU(s), Node ${process.version}`,
);

const bare = await spawnServer(['-e', bareServer], {}, /bare listening on (http:\/\/\S+)/);
const floor = await spawnServer(['-e', fastifyFloor], {}, /fastify listening on (http:\/\/\S+)/);
const nuvem = await startNuvem({ SEED_DEMO: 'false' });
try {
  // A signed-in user's session cookie, for the SSO check every ecosystem app makes.
  const { cookie } = await registerBenchUser(nuvem.url);

  const baseline = await load('node:http hello-world', bare.url, {}, bare.pid);
  const fastify = await load('fastify floor GET /healthz', `${floor.url}/healthz`, {}, floor.pid);
  const healthz = await load('nuvem GET /healthz', `${nuvem.url}/healthz`, {}, nuvem.pid);
  const ssoCheck = await load(
    'nuvem GET /sso/check (valid cookie)',
    `${nuvem.url}/sso/check?application_id=main`,
    { headers: { cookie } },
    nuvem.pid,
  );
  printResults([baseline, fastify, healthz, ssoCheck]);
  for (const result of [fastify, healthz, ssoCheck]) {
    const throughput = result.requestsPerSecond / baseline.requestsPerSecond;
    const latency = result.p99Ms / Math.max(baseline.p99Ms, 1);
    // The same ratio by CPU time: requests one core answers, whoever else is on the machine.
    const cpu =
      result.cpuMicrosPerRequest && baseline.cpuMicrosPerRequest
        ? `, per CPU second ${(baseline.cpuMicrosPerRequest / result.cpuMicrosPerRequest).toFixed(2)}x`
        : '';
    console.log(
      `ratio ${result.label} / bare: throughput ${throughput.toFixed(2)}x${cpu}, p99 latency ${latency.toFixed(2)}x`,
    );
  }
  if ([healthz, ssoCheck].some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('nuvem answered with errors under load');
    process.exitCode = 1;
  }
} finally {
  await Promise.all([bare.stop(), floor.stop(), nuvem.stop()]);
}
