import { chmod, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Who may enter DATA_DIR: its owner only. */
export const DATA_DIR_MODE = 0o700;

/**
 * DATA_DIR holds the embedded database (whose engine writes its files readable and writable by
 * everyone), the outbox's mails (sign-in and reset links) and the record key: nobody but its owner
 * may enter it. Every folder the server makes there is made with DATA_DIR_MODE; this narrows a
 * DATA_DIR that already exists with wider permissions (an older install, a restored backup). One
 * that does not exist is left to be made when first needed; one owned by someone else, or on a
 * read-only disk, is warned about and left as it is.
 */
export async function keepDataDirPrivate(dataDir: string, log: FastifyBaseLogger): Promise<void> {
  const info = await stat(dataDir).catch(() => null);
  if (!info?.isDirectory() || (info.mode & 0o077) === 0) return;
  const mode = `0${(info.mode & 0o777).toString(8)}`;
  if (process.getuid && info.uid !== process.getuid()) {
    log.warn({ dataDir, mode }, 'DATA_DIR is open to other users and owned by another: narrow it (chmod 700)');
    return;
  }
  try {
    await chmod(dataDir, DATA_DIR_MODE);
    log.info({ dataDir, was: mode }, 'DATA_DIR narrowed to its owner (chmod 700)');
  } catch (error) {
    log.warn({ err: error, dataDir, mode }, 'DATA_DIR is open to other users and could not be narrowed (chmod 700)');
  }
}
