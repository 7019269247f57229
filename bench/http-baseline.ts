// The cost of the Nuvem stack per request: GET /healthz of the real built server (Fastify, helmet,
// request ids, logging, zod serialisation) against a bare node:http hello-world, in one run,
// under the same load. Run with `npm run bench` (builds first). BENCH_DURATION and
// BENCH_CONNECTIONS tune the load.
import { cpus } from 'node:os';
import { connections, durationSeconds, load, printResults, spawnServer, startNuvem } from './lib.js';

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
const nuvem = await startNuvem();
try {
  const baseline = await load('node:http hello-world', bare.url);
  const healthz = await load('nuvem GET /healthz', `${nuvem.url}/healthz`);
  printResults([baseline, healthz]);
  const throughput = healthz.requestsPerSecond / baseline.requestsPerSecond;
  const latency = healthz.p99Ms / baseline.p99Ms;
  console.log(`ratio nuvem/bare: throughput ${throughput.toFixed(2)}x, p99 latency ${latency.toFixed(2)}x`);
  if (healthz.errors > 0 || healthz.non2xx > 0) {
    console.error('nuvem answered with errors under load');
    process.exitCode = 1;
  }
} finally {
  await Promise.all([bare.stop(), nuvem.stop()]);
}
