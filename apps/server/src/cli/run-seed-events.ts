import { seedEvents } from '../modules/events/seed.js';
import { cliConfig, withCliDatabase } from './cli-database.js';
import { parseCliArgs, type CliIo } from './cli-io.js';

export const seedEventsUsage = `Usage: npm run seed:events -- [--count N] [--seed N]

Adds N events (default 1000) to the catalogue, made by a deterministic generator (the same --seed
gives the same events, dated around today): real cities, online and in-person, free and paid, ten
categories. For benchmarks: npm run seed:events -- --count 100000.

The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in
DATA_DIR (default .data), which one process can open at a time: stop the server first.
`;

/** `npm run seed:events`: exit codes 0 done, 1 failed, 2 a wrong argument. */
export async function runSeedEvents(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...argv],
      options: { count: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    },
    io,
    seedEventsUsage,
  );
  if (!parsed) return 2;
  const { values } = parsed;
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
  const config = cliConfig(io);
  if (!config) return 1;
  return withCliDatabase(config.database, io, 'Seeding', async (db) => {
    const started = Date.now();
    let reported = 0;
    const written = await seedEvents(db, {
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
  });
}
