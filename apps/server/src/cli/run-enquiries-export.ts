import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { lstat, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type DatabaseConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import {
  exportEnquiries,
  exportFormats,
  parseSinceDate,
  type ExportFormat,
} from '../modules/programme/enquiries-export.js';

export const enquiriesExportUsage = `Usage: npm run enquiries:export -- [--format csv|json] [--since YYYY-MM-DD] [--out FILE]

Writes the programme enquiries (the Ingenious Gen contact form), oldest first.

  --format csv|json   csv (default): UTF-8 with a byte order mark, every text quoted, cells that a
                      spreadsheet would run as a formula (starting with = + - @, tab or CR) prefixed
                      with '; json: an array of objects with the same fields
  --since YYYY-MM-DD  only enquiries received on or after that day (from 00:00 UTC)
  --out FILE          write to FILE (readable by you only) instead of standard output

The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in
DATA_DIR (default .data). The embedded database can be open in one process at a time: stop the
server before exporting from it.
`;

export class ExportTargetError extends Error {}

/**
 * Names, e-mails and phone numbers: the file is readable by the operator only, also when it
 * replaces an older export with wider permissions. Writes a new file (never through a symbolic
 * link, never into someone else's file) beside the target, then renames it into place.
 */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  const existing = await lstat(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  if (existing?.isSymbolicLink()) {
    throw new ExportTargetError(`${file} is a symbolic link: give the path of a regular file.`);
  }
  if (existing && !existing.isFile()) {
    throw new ExportTargetError(`${file} is not a regular file: give the path of a file to write.`);
  }
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export interface ExportIo {
  env: Record<string, string | undefined>;
  /** Where relative paths (DATA_DIR, --out) are read from: the directory the operator ran npm in. */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function plural(count: number): string {
  return `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`;
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

/** Opens the server's database for a command-line tool, or says (on io.stderr) why it cannot. */
/**
 * The server's database settings as a CLI sees them, or null (said on stderr) when the environment
 * is wrong. The server resolves a relative DATA_DIR against the directory it runs in; so does this,
 * against the directory the operator ran npm in (npm runs the script in apps/server).
 */
export function cliDatabaseConfig(io: ExportIo): DatabaseConfig | null {
  try {
    const dataDir = io.env.DATA_DIR || '.data';
    return loadConfig({ ...io.env, DATA_DIR: isAbsolute(dataDir) ? dataDir : resolve(io.cwd, dataDir) }).database;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}

export async function openCliDatabase(
  database: DatabaseConfig,
  io: Pick<ExportIo, 'stderr'>,
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
    throw error;
  }
}

/**
 * `npm run enquiries:export`: the operator's way to read the programme enquiries. Returns the exit
 * code: 0 done, 1 the database could not be read, 2 a wrong argument.
 */
export async function runEnquiriesExport(argv: readonly string[], io: ExportIo): Promise<number> {
  let values: { format?: string; since?: string; out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        format: { type: 'string' },
        since: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${enquiriesExportUsage}`);
    return 2;
  }
  if (values.help) {
    io.stdout(enquiriesExportUsage);
    return 0;
  }
  const format = (values.format ?? 'csv') as ExportFormat;
  if (!exportFormats.includes(format)) {
    io.stderr(`--format must be csv or json, not '${values.format}'.\n\n${enquiriesExportUsage}`);
    return 2;
  }
  const since = values.since === undefined ? null : parseSinceDate(values.since);
  if (values.since !== undefined && since === null) {
    io.stderr(`--since must be a date such as 2025-03-01, not '${values.since}'.\n`);
    return 2;
  }
  if (values.out === '') {
    io.stderr('--out needs a file name.\n');
    return 2;
  }

  const database = cliDatabaseConfig(io);
  if (!database) return 1;

  let handle: DatabaseHandle | null;
  try {
    handle = await openCliDatabase(database, io);
  } catch (error) {
    const where = database.driver === 'postgres' ? redactUrl(database.url) : database.dataDir;
    io.stderr(`Could not open the database ${where}: ${(error as Error).message}\n`);
    return 1;
  }
  if (!handle) return 1;

  try {
    if (!(await handle.isMigrated())) {
      io.stderr(
        'This database is not set up for this version of Nuvem yet: start the server once, so that it applies its migrations, then export.\n',
      );
      return 1;
    }
    const { text, count } = await exportEnquiries(handle.db, { format, since });
    if (values.out) {
      const file = resolve(io.cwd, values.out);
      await writePrivateFile(file, text);
      io.stderr(`Exported ${plural(count)} to ${file}.\n`);
    } else {
      io.stdout(text);
      io.stderr(`Exported ${plural(count)}.\n`);
    }
    return 0;
  } catch (error) {
    io.stderr(`The export failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}
