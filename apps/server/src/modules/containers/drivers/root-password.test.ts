import { encrypt, verify } from 'unixcrypt';
import { describe, expect, it } from 'vitest';
import { DriverError } from './container-driver.js';
import { hashRootPassword, SHA512_CRYPT } from './root-password.js';

describe('hashRootPassword', () => {
  it('makes a SHA-512 crypt hash with a fresh salt that verifies against the password', async () => {
    const hash = await hashRootPassword('correct horse $battery');
    expect(hash).toMatch(/^\$6\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{86}$/);
    expect(hash).toMatch(SHA512_CRYPT);
    expect(verify('correct horse $battery', hash)).toBe(true);
    expect(verify('correct horse $batteryX', hash)).toBe(false);
    expect(await hashRootPassword('correct horse $battery')).not.toBe(hash);
  });

  it('gives what `openssl passwd -6` (crypt(3)) gives for the same salt', () => {
    // `openssl passwd -6 -salt abcdefgh pw`
    expect(encrypt('pw', '$6$abcdefgh')).toBe(
      '$6$abcdefgh$KQeXafAQAaOoKTevphVU215RvJdgzyfASRasIOuh12hO8u0r1bGW92ZnTmC9IjsiQ8VPiTXBiZF49dFL1U4wX/',
    );
  });

  it('refuses an empty password and one of several lines', async () => {
    await expect(hashRootPassword('')).rejects.toBeInstanceOf(DriverError);
    await expect(hashRootPassword('two\nlines')).rejects.toBeInstanceOf(DriverError);
    await expect(hashRootPassword('nul\0byte')).rejects.toBeInstanceOf(DriverError);
  });
});
