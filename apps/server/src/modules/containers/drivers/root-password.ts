import { execFile } from 'node:child_process';
import { DriverError } from './container-driver.js';

/** SHA-512 crypt hashes only use this alphabet, which is also what keeps them safe inside the sed below. */
export const SHA512_CRYPT = /^\$6\$(rounds=\d+\$)?[./0-9A-Za-z]{1,16}\$[./0-9A-Za-z]{86}$/;

/**
 * Hashes on the host because Ubuntu images lack mkpasswd and Node has no crypt(3); stdin keeps it out of argv.
 * The API hashes a new container's password before queueing its job, so the plain password is
 * never stored, not even in the job queue's table.
 */
export function hashRootPassword(password: string): Promise<string> {
  if (password === '' || /[\r\n\0]/.test(password)) {
    return Promise.reject(new DriverError('The password must be non-empty and a single line'));
  }
  return new Promise((resolve, reject) => {
    const child = execFile('openssl', ['passwd', '-6', '-stdin'], { timeout: 10_000 }, (error, stdout) => {
      const hash = stdout.trim();
      if (error) reject(new DriverError(`openssl passwd failed: ${error.message}`));
      else if (!SHA512_CRYPT.test(hash)) reject(new DriverError('openssl passwd gave an unexpected hash'));
      else resolve(hash);
    });
    child.stdin?.end(`${password}\n`);
  });
}
