import { encrypt } from 'unixcrypt';
import { DriverError } from './container-driver.js';

/** SHA-512 crypt hashes only use this alphabet, which is also what keeps them safe inside the driver's sed. */
export const SHA512_CRYPT = /^\$6\$(rounds=\d+\$)?[./0-9A-Za-z]{1,16}\$[./0-9A-Za-z]{86}$/;

/**
 * The SHA-512 crypt hash (`$6$`, 5000 rounds, a random 16-character salt: what `openssl passwd -6`
 * gives) of a new container's root password, made in process by unixcrypt (Ubuntu images lack
 * mkpasswd, Node has no crypt(3)). The API hashes the password before queueing its job, so the
 * plain password is never stored, not even in the job queue's table.
 */
export function hashRootPassword(password: string): Promise<string> {
  if (password === '' || /[\r\n\0]/.test(password)) {
    return Promise.reject(new DriverError('The password must be non-empty and a single line'));
  }
  try {
    const hash = encrypt(password);
    if (!SHA512_CRYPT.test(hash)) return Promise.reject(new DriverError('sha512-crypt gave an unexpected hash'));
    return Promise.resolve(hash);
  } catch (error) {
    return Promise.reject(
      new DriverError(`sha512-crypt failed: ${error instanceof Error ? error.message : 'unknown'}`),
    );
  }
}
