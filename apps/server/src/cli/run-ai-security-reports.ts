import { createAiSecurityRepository } from '../modules/ai-security/ai-security.repository.js';
import { reportLines } from '../modules/ai-security/reports-export.js';
import { cliConfig, withCliDatabase } from './cli-database.js';
import { parseCliArgs, type CliIo } from './cli-io.js';

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
export async function runAiSecurityReports(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...argv],
      options: { days: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    },
    io,
    aiSecurityReportsUsage,
  );
  if (!parsed) return 2;
  const { values } = parsed;
  if (values.help) {
    io.stdout(aiSecurityReportsUsage);
    return 0;
  }
  const days = values.days === undefined ? 7 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    io.stderr(`--days must be a whole number from 1 to 365, not '${values.days ?? ''}'.\n`);
    return 2;
  }

  const config = cliConfig(io);
  if (!config) return 1;
  return withCliDatabase(config.database, io, 'Reading the reports', async (db) => {
    const lines = await reportLines(createAiSecurityRepository(db), { days });
    for (const line of lines) io.stdout(`${line}\n`);
    io.stderr(`${lines.length} ${lines.length === 1 ? 'report' : 'reports'} in the last ${days} days.\n`);
    return 0;
  });
}
