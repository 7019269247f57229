/**
 * Ed25519 SSH key pairs made in the browser (spec: key generation happens in the browser and
 * yields publicKey and privateKey). The private key never leaves the page except as the user's
 * own download, in the unencrypted OpenSSH format `ssh -i` reads (PROTOCOL.key).
 */

export interface SshKeyPair {
  /** One line: `ssh-ed25519 <base64> <comment>`. */
  publicKey: string;
  /** `-----BEGIN OPENSSH PRIVATE KEY-----` … with a trailing newline. */
  privateKey: string;
}

const KEY_TYPE = 'ssh-ed25519';
const AUTH_MAGIC = 'openssh-key-v1\0';
/** The cipher "none" pads the private section to a multiple of 8 bytes. */
const BLOCK_SIZE = 8;
const LINE_WIDTH = 70;

const encoder = new TextEncoder();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0);
  return out;
}

/** The SSH wire `string`: a big-endian uint32 length, then the bytes. */
function sshString(data: Uint8Array | string): Uint8Array {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return concat([uint32(bytes.length), bytes]);
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** The public key blob: string("ssh-ed25519") + string(32-byte key). */
export function ed25519PublicBlob(publicKey: Uint8Array): Uint8Array {
  return concat([sshString(KEY_TYPE), sshString(publicKey)]);
}

export function formatOpenSshPublicKey(publicKey: Uint8Array, comment: string): string {
  return `${KEY_TYPE} ${toBase64(ed25519PublicBlob(publicKey))}${comment ? ` ${comment}` : ''}`;
}

/**
 * The unencrypted `openssh-key-v1` container of PROTOCOL.key for one Ed25519 key: the private
 * section holds two equal check integers, the key (seed ‖ public key), the comment, then padding
 * bytes 1, 2, 3… up to the block size.
 */
export function formatOpenSshPrivateKey(
  seed: Uint8Array,
  publicKey: Uint8Array,
  comment: string,
  checkInt: number,
): string {
  if (seed.length !== 32 || publicKey.length !== 32) throw new Error('Ed25519 keys are 32 bytes');
  const unpadded = concat([
    uint32(checkInt),
    uint32(checkInt),
    sshString(KEY_TYPE),
    sshString(publicKey),
    sshString(concat([seed, publicKey])),
    sshString(comment),
  ]);
  const padLength = (BLOCK_SIZE - (unpadded.length % BLOCK_SIZE)) % BLOCK_SIZE;
  const padding = Uint8Array.from({ length: padLength }, (_, i) => i + 1);
  const body = concat([
    encoder.encode(AUTH_MAGIC),
    sshString('none'), // cipher
    sshString('none'), // kdf
    sshString(''), // kdf options
    uint32(1), // number of keys
    sshString(ed25519PublicBlob(publicKey)),
    sshString(concat([unpadded, padding])),
  ]);
  const base64 = toBase64(body);
  const wrapped = base64.match(new RegExp(`.{1,${LINE_WIDTH}}`, 'g')) ?? [];
  return ['-----BEGIN OPENSSH PRIVATE KEY-----', ...wrapped, '-----END OPENSSH PRIVATE KEY-----', ''].join('\n');
}

/** The 32-byte seed of an exported Ed25519 private key: the JWK's `d`, else the PKCS #8 tail. */
async function exportSeed(privateKey: CryptoKey): Promise<Uint8Array> {
  try {
    const jwk = await crypto.subtle.exportKey('jwk', privateKey);
    if (jwk.d) {
      const seed = fromBase64Url(jwk.d);
      if (seed.length === 32) return seed;
    }
  } catch {
    // Fall through to PKCS #8.
  }
  // PKCS #8 for Ed25519 ends with OCTET STRING { OCTET STRING (32 bytes) } (RFC 8410).
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', privateKey));
  return pkcs8.slice(pkcs8.length - 32);
}

function isKeyPair(key: CryptoKey | CryptoKeyPair): key is CryptoKeyPair {
  return 'privateKey' in key;
}

/** A fresh Ed25519 pair; fails (rejects) where the browser's WebCrypto lacks Ed25519. */
export async function generateSshKeyPair(comment = 'nuvem'): Promise<SshKeyPair> {
  const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  if (!isKeyPair(pair)) throw new Error('Ed25519 key generation returned no key pair');
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const seed = await exportSeed(pair.privateKey);
  const checkInt = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return {
    publicKey: formatOpenSshPublicKey(publicKey, comment),
    privateKey: formatOpenSshPrivateKey(seed, publicKey, comment, checkInt),
  };
}
