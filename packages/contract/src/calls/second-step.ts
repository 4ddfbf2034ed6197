// Two-step sign-in for agents (issue 20): an authenticator app (TOTP, RFC 6238) with one-time
// recovery codes, the log-in's second step that passkeys plug into too, and the site's policy.
import { z } from 'zod';
import { endpoint, Id, Ok, optional } from '../core/endpoint.ts';
import { LoginResponse } from './auth.ts';

export const Challenge = z
  .string({ error: 'is required' })
  .min(16, 'is not a sign-in challenge')
  .max(256, 'is not a sign-in challenge');

/** A 6-digit code of an authenticator app. */
export const TotpCode = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{6}$/, 'must be 6 digits');

/** A recovery code as shown (`xxxx-xxxx-xx`); case, spaces and dashes do not matter. */
export const RecoveryCode = z
  .string({ error: 'is required' })
  .trim()
  .min(8, 'is not a recovery code')
  .max(32, 'is not a recovery code');

export const loginSecondStep = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/LoginSecondStep',
  summary:
    'Finishes a log-in that owes a second step: the challenge and an authenticator code or a recovery code; 5 tries per challenge, failures count toward the account lockout.',
  audience: 'public',
  body: z
    .object({ Challenge, Code: optional(TotpCode), RecoveryCode: optional(RecoveryCode) })
    .refine((b) => Boolean(b.Code) !== Boolean(b.RecoveryCode), {
      message: 'send either Code or RecoveryCode, not both',
      path: ['Code'],
    }),
  response: LoginResponse,
});

export const TotpSetup = z.object({
  /** The key in base32, to type by hand. */
  Secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  Uri: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

export const loginTotpStart = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/LoginTotpStart',
  summary:
    'A log-in whose site requires a second step the agent does not have: a new authenticator key to set up, under the challenge.',
  audience: 'public',
  body: z.object({ Challenge }),
  response: TotpSetup,
});

export const loginTotpConfirm = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/LoginTotpConfirm',
  summary:
    'Confirms the authenticator set up under a log-in challenge with its first code: opens the session and answers the recovery codes, shown this once.',
  audience: 'public',
  body: z.object({ Challenge, Code: TotpCode }),
  response: z.object({ Session: LoginResponse, RecoveryCodes: z.array(z.string()) }),
});

export const SecondStepStatus = z.object({
  /** An authenticator app is set up and confirmed. */
  Totp: z.boolean(),
  RecoveryCodesLeft: z.number().int(),
  Passkeys: z.number().int(),
  /** The site's policy applies to this agent (it holds a money right). */
  Required: z.boolean(),
  SiteRequires: z.boolean(),
  /** The caller is its site's master agent, who sets the policy. */
  Master: z.boolean(),
});
export type SecondStepStatus = z.infer<typeof SecondStepStatus>;

export const getSecondStep = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentSecurity/SecondStep',
  summary:
    'The signed-in agent\u2019s own second step: authenticator, recovery codes left, passkeys, and whether its site requires one of it.',
  audience: 'agent',
  response: SecondStepStatus,
});

export const startTotp = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/TotpStart',
  summary:
    'A new authenticator key for the signed-in agent, not in force until confirmed with a code.',
  audience: 'agent',
  body: z.object({}).optional(),
  response: TotpSetup,
});

export const RecoveryCodes = z.object({ RecoveryCodes: z.array(z.string()) });

export const confirmTotp = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/TotpConfirm',
  summary:
    'Confirms the new authenticator with a first code; answers 10 recovery codes, shown this once.',
  audience: 'agent',
  body: z.object({ Code: TotpCode }),
  response: RecoveryCodes,
});

/** Proof the agent itself is at the keyboard: a current authenticator code or its password. */
const Proof = z
  .object({
    Code: optional(TotpCode),
    Password: optional(z.string().min(1, 'is required').max(256, 'is at most 256 characters')),
  })
  .refine((b) => Boolean(b.Code) !== Boolean(b.Password), {
    message: 'send either Code or Password, not both',
    path: ['Code'],
  });

export const removeTotp = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/TotpRemove',
  summary:
    'Removes the signed-in agent\u2019s authenticator and its recovery codes (a current code or the password); refused when the site requires a second step and it is the last.',
  audience: 'agent',
  body: Proof,
  response: Ok,
});

export const renewRecoveryCodes = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/RecoveryCodes',
  summary:
    'Ten new recovery codes for the signed-in agent (a current code or the password); the old ones stop working.',
  audience: 'agent',
  body: Proof,
  response: RecoveryCodes,
});

export const resetAgentSecondStep = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/ResetSecondStep',
  summary:
    'A parent with the right removes a sub-agent\u2019s authenticator, recovery codes and passkeys and ends its sessions (it lost its device).',
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({ IdAgent: Id }),
  response: Ok,
});

export const SecondStepPolicy = z.object({ RequireSecondStep: z.boolean() });

export const getSecondStepPolicy = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentSecurity/SecondStepPolicy',
  summary:
    'The site\u2019s policy: whether agents with a money right must sign in with a second step (master agent only).',
  audience: 'agent',
  response: SecondStepPolicy,
});

export const setSecondStepPolicy = endpoint({
  method: 'POST',
  base: 'core',
  path: 'AgentSecurity/SetSecondStepPolicy',
  summary:
    'Sets the site\u2019s policy: agents with a money right (payments, adjustments, free play) must sign in with a second step (master agent only).',
  audience: 'agent',
  body: SecondStepPolicy,
  response: SecondStepPolicy,
});
