// A software authenticator for the passkey tests: ES256 keys made with node:crypto, the
// authenticator data and client data a browser would send, and attestation 'none' in CBOR (a tiny
// encoder for the few types it needs). Each step can be bent (origin, challenge, counter) to test
// the server's refusals.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@backline/contract';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The head of a CBOR item: its major type and a length or value below 2^32. */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export interface Bend {
  origin?: string;
  rpId?: string;
  /** The challenge signed instead of the options' one. */
  challenge?: string;
  /** The counter reported instead of the next one. */
  counter?: number;
  /** A frame's top page, as a browser writes it for a cross-origin frame. */
  topOrigin?: string;
  /** Leave out user presence. */
  absent?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  private readonly rpId: string;
  private readonly origin: string;

  constructor(rpId: string, origin: string) {
    this.rpId = rpId;
    this.origin = origin;
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: bend.topOrigin !== undefined,
        ...(bend.topOrigin ? { topOrigin: bend.topOrigin } : {}),
      }),
    );
  }

  private authData(flags: number, counter: number, bend: Bend, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    const f = bend.absent ? flags & ~FLAG_UP : flags;
    return Buffer.concat([
      sha256(bend.rpId ?? this.rpId),
      Buffer.from([f]),
      c,
      attested ?? Buffer.alloc(0),
    ]);
  }

  /** navigator.credentials.create(): a new ES256 credential, attestation 'none'. */
  create(options: PasskeyCreationOptions, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      counter: 0,
      userHandle: options.user.id,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, cose]);
    const authData = this.authData(FLAG_UP | FLAG_UV | FLAG_AT, 0, bend, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion by `credential` (the first one by default). */
  get(options: PasskeyRequestOptions, bend: Bend = {}, credential = this.credentials[0]!) {
    const counter = bend.counter ?? ++credential.counter;
    const authData = this.authData(FLAG_UP | FLAG_UV, counter, bend);
    const clientData = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
