import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError, loadConfig, type AppConfig, type DatabaseConfig } from '../config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import type { CliIo } from './cli-io.js';

/**
 * The server's configuration as a command sees it, or null (said on stderr) when the environment
 * is wrong. The server resolves a relative DATA_DIR against the directory it runs in; so does this,
 * against the directory the operator ran npm in (npm runs the script in apps/server).
 */
export function cliConfig(io: Pick<CliIo, 'env' | 'cwd' | 'stderr'>): AppConfig | null {
  try {
    const dataDir = io.env.DATA_DIR || '.data';
    return loadConfig({ ...io.env, DATA_DIR: isAbsolute(dataDir) ? dataDir : resolve(io.cwd, dataDir) });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/** postgres://user:secret@host/db -> postgres://user:***@host/db, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

function lockedMessage(dataDir: string, error: DataDirLockedError): string {
  const holder = error.owner ? ` (pid ${error.owner.pid} on ${error.owner.hostname})` : '';
  return [
    `The embedded database in ${dataDir} is in use by a running Nuvem server${holder}.`,
    'It can be open in one process at a time, so this command cannot open it while the server runs.',
    'Stop the server and run the command again, or run Nuvem on PostgreSQL (set DATABASE_URL).',
  ].join('\n');
}

/** Opens the server's database for a command, or says (on io.stderr) why it cannot and returns null. */
export async function openCliDatabase(
  database: DatabaseConfig,
  io: Pick<CliIo, 'stderr'>,
): Promise<DatabaseHandle | null> {
  if (database.driver === 'pglite' && database.dataDir && !existsSync(database.dataDir)) {
    io.stderr(
      `There is no embedded database in ${database.dataDir}: the server has not run with this DATA_DIR.\n` +
        'Run the command from the directory you start the server in, set DATA_DIR as the server has it, or set DATABASE_URL.\n',
    );
    return null;
  }
  try {
    return await openDatabase(database);
  } catch (error) {
    if (error instanceof DataDirLockedError && database.driver === 'pglite') {
      io.stderr(`${lockedMessage(database.dataDir ?? error.folder, error)}\n`);
      return null;
    }
    const where = database.driver === 'postgres' ? redactUrl(database.url) : database.dataDir;
    io.stderr(`Could not open the database ${where}: ${(error as Error).message}\n`);
    return null;
  }
}

/**
 * Runs `work` on the server's migrated database and closes it after, and returns `work`'s exit code;
 * 1, said on stderr, when the database cannot be opened, is not migrated, or `work` throws
 * (`failed`: what the message says failed, e.g. 'The export').
 */
export async function withCliDatabase(
  database: DatabaseConfig,
  io: Pick<CliIo, 'stderr'>,
  failed: string,
  work: (db: Database) => Promise<number>,
): Promise<number> {
  const handle = await openCliDatabase(database, io);
  if (!handle) return 1;
  try {
    if (!(await handle.isMigrated())) {
      io.stderr(
        'This database is not set up for this version of Nuvem yet: start the server once, so that it applies its migrations, then run the command again.\n',
      );
      return 1;
    }
    return await work(handle.db);
  } catch (error) {
    io.stderr(`${failed} failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}
