/**
 * The key of the AI security records' text digests. A record keeps an HMAC-SHA256 of the blocked
 * text (so a repeated attempt is recognisable) rather than a plain SHA-256: a short prompt's plain
 * digest could be confirmed by hashing guesses against a leaked table. The key must therefore not
 * live in the database: the server has no application secret in its configuration, so the key is 32
 * random bytes kept in DATA_DIR (`ai-security-record.key`, mode 0600), made on first start and read
 * on every start after (DATA_DIR also holds the embedded database's lock and the demo credentials).
 * Instances that share one PostgreSQL database recognise each other's repeats only if they share the
 * file (a shared volume, or the same file copied into each DATA_DIR); otherwise each keys its own
 * records, which costs only that cross-instance match. Deleting the file starts a new key: older
 * records no longer match new ones (they expire after 90 days anyway).
 *
 * With the database in memory (tests), nothing outlives the process, so the key does not either.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../config.js';
import { StartupError } from '../../lib/errors.js';
import { DATA_DIR_MODE } from '../../lib/data-dir.js';

export const RECORD_KEY_FILE = 'ai-security-record.key';
const KEY_BYTES = 32;

const keyText = new RegExp(`^[0-9a-f]{${String(KEY_BYTES * 2)}}$`);

async function readKey(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StartupError(
      `${file} cannot be read (${(error as Error).message}): make it a readable file, or move it away to start a new key (older AI security records will no longer match new ones)`,
    );
  }
  const hex = text.trim();
  if (!keyText.test(hex)) {
    throw new StartupError(
      `${file} does not hold a key (${String(KEY_BYTES * 2)} hexadecimal digits): restore it from a backup, or delete it to start a new key (older AI security records will no longer match new ones)`,
    );
  }
  return Buffer.from(hex, 'hex');
}

export async function loadRecordKey(dataDir: string, database: DatabaseConfig): Promise<Buffer> {
  if (database.driver === 'pglite' && database.dataDir === null) return randomBytes(KEY_BYTES);
  const file = join(dataDir, RECORD_KEY_FILE);
  // Read first: a key that exists needs nothing written (DATA_DIR may be read-only).
  const existing = await readKey(file);
  if (existing) {
    // Only its owner may read it; a copy restored with wider permissions is narrowed.
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600).catch(() => {});
    return existing;
  }
  await mkdir(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  // Written whole under another name and linked into place: the first server to start makes the key,
  // and another starting at the same moment never reads a half-written file.
  const draft = `${file}.${String(process.pid)}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(draft, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  const key = await readKey(file);
  if (!key) throw new StartupError(`${file} disappeared while it was being made: start the server again`);
  return key;
}
