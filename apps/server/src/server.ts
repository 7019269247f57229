import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { findStartupError } from './lib/errors.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  // Something an operator can fix (another server holds DATA_DIR, Redis does not answer): say
  // what and what to do, without a stack trace.
  const startup = findStartupError(error);
  if (startup) {
    console.error(startup.message);
    process.exit(1);
  }
  throw error;
}

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    // Stops accepting, waits for in-flight requests, then runs onClose hooks (the database closes).
    await app.close();
    app.log.info('shutdown complete');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}

const { port } = app.server.address() as AddressInfo;
// Bound to every address (or, for 'localhost', to both loopbacks): localhost reaches it.
const shown = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? 'localhost' : config.host;
const local = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
// One plain line for people (and the test harness) besides the JSON logs.
console.log(`Nuvem is listening on ${local} (database: ${app.database.driver})`);
