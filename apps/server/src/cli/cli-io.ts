import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What an operator's command reads and writes: given by its entry file, replaced in tests. */
export interface CliIo {
  env: Record<string, string | undefined>;
  /** Where relative paths (DATA_DIR, --out) are read from: the directory the operator ran npm in. */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * node:util's parseArgs; on an unknown or malformed option, says what is wrong and the usage on
 * stderr and returns null (the command then exits with 2).
 */
export function parseCliArgs<T extends ParseArgsConfig>(
  config: T,
  io: Pick<CliIo, 'stderr'>,
  usage: string,
): ReturnType<typeof parseArgs<T>> | null {
  try {
    return parseArgs(config);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${usage}`);
    return null;
  }
}

/**
 * `2025-03-01`: the start of that day in UTC. Anything but a real calendar date in YYYY-MM-DD form
 * is refused (null).
 */
export function parseDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}
