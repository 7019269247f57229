import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../config.js';
import { createTestDatabase, seedPgliteDir, testDriver } from '../test/helper.testing.js';
import type { CliIo } from './cli-io.js';

/**
 * A migrated database as an operator's command finds it, from the directory `cwd` it runs in: on
 * PGlite the server's data folder (DATA_DIR left at its default, .data, under `cwd`), on PostgreSQL
 * DATABASE_URL in `env`. `database` is the server's configuration for it.
 */
export interface CliTestDatabase {
  cwd: string;
  env: Record<string, string>;
  database: DatabaseConfig;
  /** Drops the database and removes `cwd`. */
  remove(): Promise<void>;
}

export async function createCliTestDatabase(prefix: string): Promise<CliTestDatabase> {
  const cwd = await mkdtemp(join(tmpdir(), prefix));
  const removeCwd = () => rm(cwd, { recursive: true, force: true });
  if (testDriver === 'pglite') {
    const dataDir = join(cwd, '.data', 'pglite');
    await seedPgliteDir(dataDir);
    return { cwd, env: {}, database: { driver: 'pglite', dataDir }, remove: removeCwd };
  }
  const testDatabase = await createTestDatabase();
  const database = testDatabase.config;
  return {
    cwd,
    env: { DATABASE_URL: database.driver === 'postgres' ? database.url : '' },
    database,
    remove: async () => {
      await testDatabase.drop();
      await removeCwd();
    },
  };
}

/** Runs a command as its entry file would, with what it writes on stdout and stderr captured. */
export async function runCommand(
  command: (argv: readonly string[], io: CliIo) => Promise<number>,
  argv: readonly string[],
  where: Pick<CliIo, 'env' | 'cwd'>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, {
    ...where,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}
