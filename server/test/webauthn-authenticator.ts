import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import type {
  TPasskeyAuthenticationResponse,
  TPasskeyCreationOptions,
  TPasskeyRegistrationResponse,
  TPasskeyRequestOptions,
} from '@kaleido/common';

/**
 * A software passkey for tests: an ES256 key pair made with node:crypto that answers registration
 * ('none' attestation) and authentication like a platform authenticator with user verification.
 * Just enough CBOR and authenticator data to be byte-exact; nothing here is trusted by the server.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([cborHead(5, value.size), ...entries]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftwarePasskey {
  credentialId: string;
  /** Answers `navigator.credentials.create()` for these options. */
  register(options: TPasskeyCreationOptions): TPasskeyRegistrationResponse;
  /** Answers `navigator.credentials.get()`; `userVerified: false` leaves the UV flag off. */
  authenticate(
    options: TPasskeyRequestOptions,
    extra?: { userVerified?: boolean },
  ): TPasskeyAuthenticationResponse;
}

export function softwarePasskey(origin: string): SoftwarePasskey {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let signCount = 0;
  let userHandle = '';

  const authenticatorData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),

    register(options) {
      userHandle = options.user.id;
      const coseKey = cbor(
        new Map<number, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const authData = authenticatorData(
        FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
        attested,
      );
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        type: 'public-key',
      };
    },

    authenticate(options, extra = {}) {
      signCount += 1;
      const flags = FLAG_USER_PRESENT | (extra.userVerified === false ? 0 : FLAG_USER_VERIFIED);
      const authData = authenticatorData(flags);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = createSign('sha256')
        .update(Buffer.concat([authData, sha256(clientDataJSON)]))
        .sign(privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        type: 'public-key',
      };
    },
  };
}
