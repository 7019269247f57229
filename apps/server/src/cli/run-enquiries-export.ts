import { randomBytes } from 'node:crypto';
import { lstat, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { exportEnquiries, exportFormats, type ExportFormat } from '../modules/programme/enquiries-export.js';
import { createProgrammeRepository } from '../modules/programme/programme.repository.js';
import { cliConfig, withCliDatabase } from './cli-database.js';
import { parseCliArgs, parseDay, type CliIo } from './cli-io.js';

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

function plural(count: number): string {
  return `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`;
}

/**
 * `npm run enquiries:export`: the operator's way to read the programme enquiries. Returns the exit
 * code: 0 done, 1 the database could not be read, 2 a wrong argument.
 */
export async function runEnquiriesExport(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...argv],
      options: {
        format: { type: 'string' },
        since: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    },
    io,
    enquiriesExportUsage,
  );
  if (!parsed) return 2;
  const { values } = parsed;
  if (values.help) {
    io.stdout(enquiriesExportUsage);
    return 0;
  }
  const format = (values.format ?? 'csv') as ExportFormat;
  if (!exportFormats.includes(format)) {
    io.stderr(`--format must be csv or json, not '${values.format}'.\n\n${enquiriesExportUsage}`);
    return 2;
  }
  const since = values.since === undefined ? null : parseDay(values.since);
  if (values.since !== undefined && since === null) {
    io.stderr(`--since must be a date such as 2025-03-01, not '${values.since}'.\n`);
    return 2;
  }
  if (values.out === '') {
    io.stderr('--out needs a file name.\n');
    return 2;
  }

  const config = cliConfig(io);
  if (!config) return 1;
  return withCliDatabase(config.database, io, 'The export', async (db) => {
    const { text, count } = await exportEnquiries(createProgrammeRepository(db), { format, since });
    if (values.out) {
      const file = resolve(io.cwd, values.out);
      await writePrivateFile(file, text);
      io.stderr(`Exported ${plural(count)} to ${file}.\n`);
    } else {
      io.stdout(text);
      io.stderr(`Exported ${plural(count)}.\n`);
    }
    return 0;
  });
}
