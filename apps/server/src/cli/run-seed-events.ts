import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { seedEvents } from '../modules/events/seed.js';
import { openCliDatabase, type ExportIo } from './run-enquiries-export.js';

export const seedEventsUsage = `Usage: npm run seed:events -- [--count N] [--seed N]

Adds N events (default 1000) to the catalogue, made by a deterministic generator (the same --seed
gives the same events, dated around today): real cities, online and in-person, free and paid, ten
categories. For benchmarks: npm run seed:events -- --count 100000.

The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in
DATA_DIR (default .data), which one process can open at a time: stop the server first.
`;

/** `npm run seed:events`: exit codes 0 done, 1 failed, 2 a wrong argument. */
export async function runSeedEvents(argv: readonly string[], io: ExportIo): Promise<number> {
  let values: { count?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { count: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${seedEventsUsage}`);
    return 2;
  }
  if (values.help) {
    io.stdout(seedEventsUsage);
    return 0;
  }
  const count = values.count === undefined ? 1000 : /^\d{1,7}$/.test(values.count) ? Number(values.count) : NaN;
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    io.stderr('--count must be a whole number from 1 to 1000000.\n');
    return 2;
  }
  const seed = values.seed === undefined ? undefined : /^\d{1,9}$/.test(values.seed) ? Number(values.seed) : NaN;
  if (seed !== undefined && !Number.isInteger(seed)) {
    io.stderr('--seed must be a whole number.\n');
    return 2;
  }
  let database;
  try {
    const dataDir = io.env.DATA_DIR || '.data';
    database = loadConfig({ ...io.env, DATA_DIR: isAbsolute(dataDir) ? dataDir : resolve(io.cwd, dataDir) }).database;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const handle = await openCliDatabase(database, io).catch((error: unknown) => {
    io.stderr(`Could not open the database: ${(error as Error).message}\n`);
    return null;
  });
  if (!handle) return 1;
  try {
    if (!(await handle.isMigrated())) {
      io.stderr('This database is not set up for this version of Nuvem yet: start the server once, then try again.\n');
      return 1;
    }
    const started = Date.now();
    let reported = 0;
    const written = await seedEvents(handle.db, {
      count,
      ...(seed === undefined ? {} : { seed }),
      batchSize: 2000,
      onProgress: (done) => {
        if (done - reported >= 10_000 || done === count) {
          reported = done;
          io.stderr(`${String(done)} of ${String(count)} events written\n`);
        }
      },
    });
    io.stdout(`Added ${String(written)} events in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  } catch (error) {
    io.stderr(`Seeding failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}
