// Passkeys (WebAuthn) as an agent's second step (issue 20 item 2): the signed-in agent registers,
// names and removes its own; after the password, a passkey answers the second-step challenge. The
// options and responses are the WebAuthn JSON forms the browser library reads and writes.
import { z } from 'zod';
import { endpoint, Id, Ok, optional, Timestamp } from '../core/endpoint.ts';
import { LoginResponse } from './auth.ts';
import { Challenge } from './second-step.ts';

export const PASSKEY_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
export const PasskeyTransport = z.enum(PASSKEY_TRANSPORTS);
export type PasskeyTransport = z.infer<typeof PasskeyTransport>;

const Base64Url = (max: number) =>
  z
    .string()
    .min(1, 'is required')
    .max(max, `is at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'is not base64url');

const Descriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(PasskeyTransport).optional(),
});

/** What navigator.credentials.create() is given (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(Descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

/** What navigator.credentials.get() is given (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(Descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

const ClientExtensionResults = z.object({
  credProps: optional(z.object({ rk: optional(z.boolean()) })),
});

/** The browser's answer to create() (RegistrationResponseJSON). */
export const PasskeyRegistrationResponse = z.object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(16_384),
    authenticatorData: optional(Base64Url(16_384)),
    // Unknown transports of a newer browser are dropped by the server, not refused.
    transports: optional(z.array(z.string().max(32)).max(16)),
    publicKeyAlgorithm: optional(z.number().int()),
    publicKey: optional(Base64Url(4096)),
  }),
  authenticatorAttachment: optional(z.enum(['cross-platform', 'platform'])),
  clientExtensionResults: ClientExtensionResults,
});

/** The browser's answer to get() (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z.object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(16_384),
    signature: Base64Url(4096),
    userHandle: optional(z.string().max(128)),
  }),
  authenticatorAttachment: optional(z.enum(['cross-platform', 'platform'])),
  clientExtensionResults: ClientExtensionResults,
});

/** The name the agent gives a passkey, to tell its devices apart. */
export const PasskeyName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is at most 64 characters');

export const Passkey = z.object({
  IdPasskey: z.number().int(),
  Name: z.string(),
  CreatedAt: Timestamp,
  LastUsedAt: Timestamp.nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

export const getPasskeys = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentSecurity/Passkeys',
  summary: 'The signed-in agent\u2019s passkeys, oldest first: name, added, last used.',
  audience: 'agent',
  response: z.object({ Passkeys: z.array(Passkey) }),
});

export const passkeyRegistrationOptions = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/PasskeyRegistrationOptions',
  summary:
    'Starts adding a passkey: the options for navigator.credentials.create() and a Challenge, ' +
    'valid 5 minutes for this session, that RegisterPasskey sends back.',
  audience: 'agent',
  body: z.object({}).optional(),
  response: z.object({ Challenge: z.string(), Options: PasskeyCreationOptions }),
});

export const registerPasskey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/PasskeyRegister',
  summary:
    'Adds the passkey the browser created (attestation none) under the name given; the Challenge ' +
    'of PasskeyRegistrationOptions is spent.',
  audience: 'agent',
  body: z.object({ Challenge, Name: PasskeyName, Response: PasskeyRegistrationResponse }),
  response: Passkey,
});

export const renamePasskey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/PasskeyRename',
  summary: 'Renames one of the signed-in agent\u2019s passkeys.',
  audience: 'agent',
  body: z.object({ IdPasskey: Id, Name: PasskeyName }),
  response: Passkey,
});

export const removePasskey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/PasskeyRemove',
  summary:
    'Removes one of the signed-in agent\u2019s passkeys (with its password, so a session left open ' +
    'is not enough); refused for its last second step where the site requires one.',
  audience: 'agent',
  body: z.object({
    IdPasskey: Id,
    Password: z.string().min(1, 'is required').max(256, 'is at most 256 characters'),
  }),
  response: Ok,
});

export const secondStepPasskeyOptions = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/LoginPasskeyOptions',
  summary:
    'For the log-in\u2019s second step: the options for navigator.credentials.get() with the ' +
    'agent\u2019s passkeys; a new call replaces the WebAuthn challenge of the step.',
  audience: 'public',
  body: z.object({ Challenge }),
  response: z.object({ Options: PasskeyRequestOptions }),
});

export const secondStepPasskey = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/LoginPasskey',
  summary:
    'Finishes the log-in\u2019s second step with a passkey\u2019s assertion and opens the session; ' +
    'a refused assertion counts as a wrong code.',
  audience: 'public',
  body: z.object({ Challenge, Response: PasskeyAuthenticationResponse }),
  response: LoginResponse,
});
