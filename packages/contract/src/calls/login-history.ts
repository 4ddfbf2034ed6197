// Log-in history (issue 20 item 4): every log-in tried by an agent (the caller, or a sub-agent) or
// a player of the caller's subtree, here or on the platform (the feed's player.login), by period.
import { z } from 'zod';
import { defaulted, endpoint, OptionalId, WholeNumber } from '../core/endpoint.ts';
import { Count, PageEcho, PageNumber, PeriodEcho, PeriodFields } from '../core/common.ts';

export const LOGIN_OUTCOMES = [
  'ok',
  'wrong_credentials',
  'locked',
  'second_step',
  'second_step_failed',
  'failed',
] as const;
export const LoginOutcome = z.enum(LOGIN_OUTCOMES);
export type LoginOutcome = z.infer<typeof LoginOutcome>;

export const LOGIN_SOURCES = ['backline', 'platform'] as const;
export const LoginSource = z.enum(LOGIN_SOURCES);

export const LOGIN_HISTORY_MAX_PAGE = 200;

export const LoginHistoryRequest = PeriodFields.extend({
  idPlayer: OptionalId,
  page: PageNumber,
  pageSize: defaulted(
    WholeNumber(`must be 1 to ${LOGIN_HISTORY_MAX_PAGE}`, 1, LOGIN_HISTORY_MAX_PAGE),
    50,
  ),
})
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'must not be before the start date',
    path: ['endDate'],
  })
  .refine((f) => f.idAgent === undefined || f.idPlayer === undefined, {
    message: 'name an agent or a player, not both',
    path: ['idPlayer'],
  });

export const LoginRow = z.object({
  At: z.string(),
  Outcome: LoginOutcome,
  /** password, token, link, totp, recovery, passkey, platform. */
  Method: z.string(),
  Source: LoginSource,
  Ip: z.string().nullable(),
  Country: z.string().nullable(),
  /** The browser and system, when the log-in came with a user agent. */
  Device: z.string().nullable(),
  /** The first characters of the device's hash: tells devices apart, never the id itself. */
  DeviceTag: z.string().nullable(),
});
export type LoginRow = z.infer<typeof LoginRow>;

export const LoginHistory = PeriodEcho.extend({
  Account: z.object({
    Kind: z.enum(['agent', 'player']),
    Id: z.number().int(),
    Login: z.string(),
  }),
  /** Newest first. */
  Rows: z.array(LoginRow),
  ...PageEcho,
  /** Log-ins that got in, over the whole period. */
  Succeeded: Count,
});
export type LoginHistory = z.infer<typeof LoginHistory>;

export const getLoginHistory = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetLoginHistory',
  summary:
    'Log-ins over a period, newest first, with outcome, method, source, address, country and device: the caller\u2019s own, a sub-agent\u2019s (manageAgents) or a player\u2019s of its subtree.',
  audience: 'agent',
  query: LoginHistoryRequest,
  response: LoginHistory,
});
