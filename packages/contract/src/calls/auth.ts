import { z } from 'zod';
import { endpoint, optional, SiteId } from '../core/endpoint.ts';
import { Language, Right } from '../core/enums.ts';
import { NewPassword } from './accounts.ts';

/** Frames log-in: a player's or agent's login (or an agent's e-mail) with a password, or a one-time token from the embedding site. */
export const LoginBody = z
  .object({
    // A login, or an agent's e-mail (the name its Token carries).
    Player: z.string().trim().min(1, 'is required').max(254, 'is at most 254 characters'),
    Password: optional(z.string().min(1, 'is required').max(256, 'is at most 256 characters')),
    Token: optional(z.string().min(16, 'is not a valid one-time token').max(256)),
    SiteId,
    /**
     * The browser cannot keep the session (a cross-site frame with third-party storage blocked):
     * keep it in a partitioned HttpOnly cookie, which WebClient4Frames/ResumeSession reads after a
     * reload. The token itself never goes in a URL.
     */
    KeepInCookie: optional(z.boolean()),
    /**
     * A random id this browser keeps (local storage) and sends at each log-in, so the log-in
     * history can tell devices apart and the shared-devices report can find them; kept hashed.
     */
    Device: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a device id')
        .describe('16 to 64 URL-safe characters'),
    ),
  })
  .refine((b) => Boolean(b.Password) !== Boolean(b.Token), {
    message: 'send either Password or Token, not both',
    path: ['Password'],
  });

export const LoginResponse = z.object({
  Kind: z.enum(['agent', 'player']),
  Player: z.string(),
  UserEmail: z.string(),
  Token: z.string(),
  SiteId: z.number().int(),
  Language,
  IdleExpiresAt: z.string(),
  AbsoluteExpiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const SECOND_STEP_METHODS = ['totp', 'recovery', 'passkey'] as const;
export const SecondStepMethod = z.enum(SECOND_STEP_METHODS);
export type SecondStepMethod = z.infer<typeof SecondStepMethod>;

/** An agent's password was right and a second step is owed (issue 20): no session yet. */
export const SecondStepNeeded = z.object({
  SecondStep: z.object({
    /** One-time, 5 minutes: the second-step calls (calls/second-step.ts) take it. */
    Challenge: z.string(),
    /** The ways this agent can finish (a recovery code whenever it has an authenticator app). */
    Methods: z.array(SecondStepMethod),
    /** The site requires a second step and the agent has none: it sets an authenticator up now. */
    Enrol: z.boolean(),
    ExpiresAt: z.string(),
  }),
});
export type SecondStepNeeded = z.infer<typeof SecondStepNeeded>;

/** What a log-in answers: a session, or the second step it still owes. */
export const LoginAnswer = z.union([LoginResponse, SecondStepNeeded]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const login = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/Login',
  summary:
    'Log in with login and password (or a one-time token) for a site; returns a session token, or the second step an agent still owes.',
  audience: 'public',
  body: LoginBody,
  response: LoginAnswer,
});

export const Product = z.object({ Code: z.string(), Name: z.string() });

export const AgentSummary = z.object({
  IdAgent: z.number().int(),
  Login: z.string(),
  Name: z.string(),
  IdParent: z.number().int().nullable(),
  Depth: z.number().int(),
});
export type AgentSummary = z.infer<typeof AgentSummary>;

export const AgentLoginResponse = z.object({
  Agent: AgentSummary.extend({ Email: z.string(), Currency: z.string(), Language }),
  /** Who is signed in, when acting for a sub-agent (third Token form). */
  Self: AgentSummary,
  Site: z.object({
    SiteId: z.number().int(),
    Name: z.string(),
    TimeZone: z.string(),
    Currency: z.string(),
  }),
  Products: z.array(Product),
  Rights: z.array(Right),
});
export type AgentLoginResponse = z.infer<typeof AgentLoginResponse>;

export const agentLogin = endpoint({
  method: 'GET',
  base: 'core',
  path: 'AgentProductsV2/Login',
  summary: 'The signed-in agent (or the sub-agent acted for), its site, products and rights.',
  audience: 'agent',
  response: AgentLoginResponse,
});

export const logout = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/Logout',
  summary: 'Ends the current session.',
  audience: 'session',
  body: z.object({}).optional(),
  response: z.object({ Ok: z.literal(true) }),
});

export const setPasswordByLink = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/SetPasswordByLink',
  summary:
    'An e-mailed access link (its one-time token) sets the account\u2019s password and logs it in, without an e-mailed code; an agent that owes a second step is answered its challenge.',
  audience: 'public',
  body: z.object({
    Player: z.string().trim().min(1, 'is required').max(64, 'is at most 64 characters'),
    Token: z.string().min(16, 'is not a valid link').max(256, 'is not a valid link'),
    SiteId,
    NewPassword,
    KeepInCookie: optional(z.boolean()),
  }),
  response: LoginAnswer,
});

export const resumeSession = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/ResumeSession',
  summary:
    'The live session kept in the partitioned cookie by a log-in with KeepInCookie (a frame without storage, after a reload), or null.',
  audience: 'public',
  body: z.object({}).optional(),
  response: z.object({ Session: LoginResponse.nullable() }),
});

export const SITE_KEY_HEADER = 'x-site-key';

export const issueLoginToken = endpoint({
  method: 'POST',
  base: 'core',
  path: 'WebClient4Frames/LoginToken',
  summary:
    'For an embedding site\u2019s server (X-Site-Key header): a one-time token, valid 2 minutes, that logs an account in through WebClient4Frames/Login.',
  audience: 'site',
  body: z.object({ Player: z.string().trim().min(1, 'is required').max(64), SiteId }),
  response: z.object({ Token: z.string(), ExpiresAt: z.string() }),
});
