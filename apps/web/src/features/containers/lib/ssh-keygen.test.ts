// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOpenSshPublicKey } from '@nuvem/contracts/containers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatOpenSshPrivateKey, formatOpenSshPublicKey, generateSshKeyPair } from './ssh-keygen';

// The web project's shared setup clears window.localStorage after each test; Node has no window.
if (typeof window === 'undefined') vi.stubGlobal('window', { localStorage: { clear: () => undefined } });

const SSH_KEYGEN = '/usr/bin/ssh-keygen';
const hasSshKeygen = existsSync(SSH_KEYGEN);
const dir = mkdtempSync(join(tmpdir(), 'nuvem-ssh-keygen-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writePrivateKey(name: string, privateKey: string): string {
  const file = join(dir, name);
  writeFileSync(file, privateKey, { mode: 0o600 });
  return file;
}

/** The base64 body of a PEM-like block, decoded. */
function decodeArmour(privateKey: string): Buffer {
  const body = privateKey
    .split('\n')
    .filter((line) => line && !line.startsWith('-----'))
    .join('');
  return Buffer.from(body, 'base64');
}

describe('generateSshKeyPair', () => {
  it('gives an OpenSSH Ed25519 public key line with the comment', async () => {
    const { publicKey } = await generateSshKeyPair('web@nuvem');
    expect(publicKey).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]{43} web@nuvem$/);
    expect(isOpenSshPublicKey(publicKey)).toBe(true);
  });

  it('gives a private key in the openssh-key-v1 format, wrapped at 70 columns', async () => {
    const { privateKey } = await generateSshKeyPair('web@nuvem');
    const lines = privateKey.split('\n');
    expect(lines[0]).toBe('-----BEGIN OPENSSH PRIVATE KEY-----');
    expect(lines.at(-2)).toBe('-----END OPENSSH PRIVATE KEY-----');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -2);
    for (const line of body.slice(0, -1)) expect(line).toHaveLength(70);
    expect(body.at(-1)!.length).toBeLessThanOrEqual(70);

    const bytes = decodeArmour(privateKey);
    expect(bytes.subarray(0, 15).toString('latin1')).toBe('openssh-key-v1\0');
    // The private section (after the magic, cipher, kdf, options, count and public blob) is a
    // multiple of the 8-byte block, with check integers that match.
    let offset = 15;
    const readString = () => {
      const length = bytes.readUInt32BE(offset);
      const value = bytes.subarray(offset + 4, offset + 4 + length);
      offset += 4 + length;
      return value;
    };
    expect(readString().toString()).toBe('none');
    expect(readString().toString()).toBe('none');
    expect(readString()).toHaveLength(0);
    expect(bytes.readUInt32BE(offset)).toBe(1);
    offset += 4;
    readString();
    const section = readString();
    expect(offset).toBe(bytes.length);
    expect(section.length % 8).toBe(0);
    expect(section.readUInt32BE(0)).toBe(section.readUInt32BE(4));
  });

  it('is accepted by ssh-keygen, which derives the same public key from it', async (context) => {
    const { publicKey, privateKey } = await generateSshKeyPair('web@nuvem');
    if (!hasSshKeygen) {
      context.skip(`${SSH_KEYGEN} is not installed: cannot check the private key with OpenSSH`);
      return;
    }
    const file = writePrivateKey('id_ed25519', privateKey);
    const derived = execFileSync(SSH_KEYGEN, ['-y', '-f', file], { encoding: 'utf8' }).trim();
    expect(derived).toBe(publicKey);
  });

  it('makes a different pair each time', async () => {
    const [a, b] = await Promise.all([generateSshKeyPair(), generateSshKeyPair()]);
    expect(a.publicKey).not.toBe(b.publicKey);
    expect(a.privateKey).not.toBe(b.privateKey);
  });
});

describe('OpenSSH formatting', () => {
  // RFC 8032, test 1: secret key 9d61…7f60, public key d75a…511a.
  const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
  const pub = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex');

  it('encodes the public blob as string(type) + string(key)', () => {
    const line = formatOpenSshPublicKey(pub, 'test');
    const [type, data, comment] = line.split(' ');
    expect(type).toBe('ssh-ed25519');
    expect(comment).toBe('test');
    const blob = Buffer.from(data!, 'base64');
    expect(blob.readUInt32BE(0)).toBe(11);
    expect(blob.subarray(4, 15).toString()).toBe('ssh-ed25519');
    expect(blob.readUInt32BE(15)).toBe(32);
    expect(blob.subarray(19)).toEqual(pub);
  });

  it('pads the private section with 1, 2, 3… whatever the comment length', () => {
    for (const comment of ['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'abcdef', 'abcdefg']) {
      const bytes = decodeArmour(formatOpenSshPrivateKey(seed, pub, comment, 0x01020304));
      // Private section: 8 (check ints) + 15 (type) + 36 (pub) + 68 (seed‖pub) + 4 + comment.
      const unpadded = 8 + 15 + 36 + 68 + 4 + comment.length;
      const padLength = (8 - (unpadded % 8)) % 8;
      const tail = bytes.subarray(bytes.length - padLength);
      expect([...tail]).toEqual(Array.from({ length: padLength }, (_, i) => i + 1));
      expect(bytes.subarray(bytes.length - padLength - comment.length, bytes.length - padLength).toString()).toBe(
        comment,
      );
    }
  });

  it('writes a key from a known seed that ssh-keygen reads back', (context) => {
    if (!hasSshKeygen) {
      context.skip(`${SSH_KEYGEN} is not installed: cannot check the private key with OpenSSH`);
      return;
    }
    const file = writePrivateKey('id_rfc8032', formatOpenSshPrivateKey(seed, pub, 'rfc8032', 42));
    const derived = execFileSync(SSH_KEYGEN, ['-y', '-f', file], { encoding: 'utf8' }).trim();
    expect(derived).toBe(formatOpenSshPublicKey(pub, 'rfc8032'));
  });
});
