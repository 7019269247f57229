import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../db/client.js';
import { reportLines } from '../modules/ai-security/reports-export.js';
import { cliDatabaseConfig, openCliDatabase, type ExportIo } from './run-enquiries-export.js';

export const aiSecurityReportsUsage = `Usage: npm run ai-security:reports -- [--days N]

Prints the users' false-alarm reports on the AI security layer of the last N days (default 7, at
most 365), oldest first, one JSON object a line: id, created_at, user_id, source, threat_level,
types, hash (the keyed HMAC-SHA256 of the text), excerpt (redacted) and comment. The reported
texts themselves are never kept.

The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in
DATA_DIR (default .data). The embedded database can be open in one process at a time: stop the
server before reading it.
`;

/**
 * `npm run ai-security:reports`: the operator's review of false-alarm reports. Returns the exit
 * code: 0 done, 1 the database could not be read, 2 a wrong argument.
 */
export async function runAiSecurityReports(argv: readonly string[], io: ExportIo): Promise<number> {
  let values: { days?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { days: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${aiSecurityReportsUsage}`);
    return 2;
  }
  if (values.help) {
    io.stdout(aiSecurityReportsUsage);
    return 0;
  }
  const days = values.days === undefined ? 7 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    io.stderr(`--days must be a whole number from 1 to 365, not '${values.days ?? ''}'.\n`);
    return 2;
  }

  const database = cliDatabaseConfig(io);
  if (!database) return 1;

  let handle: DatabaseHandle | null;
  try {
    handle = await openCliDatabase(database, io);
  } catch (error) {
    io.stderr(`Could not open the database: ${(error as Error).message}\n`);
    return 1;
  }
  if (!handle) return 1;
  try {
    if (!(await handle.isMigrated())) {
      io.stderr('This database is not set up for this version of Nuvem yet: start the server once, then run this.\n');
      return 1;
    }
    const lines = await reportLines(handle.db, { days });
    for (const line of lines) io.stdout(`${line}\n`);
    io.stderr(`${lines.length} ${lines.length === 1 ? 'report' : 'reports'} in the last ${days} days.\n`);
    return 0;
  } catch (error) {
    io.stderr(`Reading the reports failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}
