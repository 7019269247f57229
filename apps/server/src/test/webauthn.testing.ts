import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyRequestOptions,
} from '@nuvem/contracts/mfa';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for API tests: a P-256 key pair that answers WebAuthn registration ('none'
 * attestation) and authentication ceremonies the way a browser and an authenticator would, for
 * the origin the test server believes it is served at.
 */
export function createTestAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  let counter = 0;
  let userHandle: string | undefined;

  /** The credential's public key as COSE (EC2, ES256, P-256). */
  function coseKey(key: KeyObject): Uint8Array {
    const jwk = key.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('not an EC key');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, at = origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  }

  function counterBytes(): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  }

  return {
    id: b64url(credentialId),

    /** Answers registration options as navigator.credentials.create would. */
    register(options: PasskeyCreationOptions, overrides: { origin?: string } = {}): PasskeyRegistration {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? rpId),
        Buffer.from([UP | UV | AT]),
        counterBytes(),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, overrides.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** Signs authentication options as navigator.credentials.get would (user verified unless told otherwise). */
    assert(
      options: PasskeyRequestOptions,
      overrides: { userVerified?: boolean; origin?: string; keepCounter?: boolean } = {},
    ): PasskeyAssertion {
      if (!overrides.keepCounter) counter += 1;
      const authData = Buffer.concat([
        sha256(options.rpId ?? rpId),
        Buffer.from([UP | (overrides.userVerified === false ? 0 : UV)]),
        counterBytes(),
      ]);
      const data = clientData('webauthn.get', options.challenge, overrides.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}
export type TestAuthenticator = ReturnType<typeof createTestAuthenticator>;
