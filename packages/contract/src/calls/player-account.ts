// A player's page (issue 17): who the player is, what they may do, the messages sent to them and
// every change made to them. Limits have their own file (player-limits.ts); free play is entered
// with the other money entries (reports/player-payment.ts).
import { z } from 'zod';
import { defaulted, endpoint, Id, optional, Timestamp } from '../core/endpoint.ts';
import { IdempotencyKey, PageNumber, PlayerRef } from '../core/common.ts';
import { Money } from '../core/money.ts';
import { BookProduct, BOOK_PRODUCTS } from './platform-feed.ts';
import { PlayerStatus } from '../reports/players.ts';

const Text = (max: number) => z.string().trim().max(max, `is at most ${max} characters`);

/** A player as the page heads it: profile, access and where the money stands. */
export const PlayerAccount = PlayerRef.extend({
  Email: z.string().nullable(),
  Phone: z.string(),
  Notes: z.string(),
  Language: z.string(),
  Status: PlayerStatus,
  /** Products turned off for this player; the agents above may turn more off for their subtree. */
  ProductsOff: z.array(BookProduct),
  Watched: z.boolean(),
  /** Whether the platform created the player (it then owns the login). */
  FromPlatform: z.boolean(),
  CreatedAt: Timestamp,
  Balance: Money,
  FreePlayBalance: Money,
  CreditLimit: Money,
  /** Temporary credit in force now (0 once expired). */
  TempCredit: Money,
  AtRisk: Money,
  /** Credit limit + temporary credit in force + balance - at risk (DOMAIN.md). */
  Available: Money,
  LastWagerAt: Timestamp.nullable(),
});
export type PlayerAccount = z.infer<typeof PlayerAccount>;

export const getPlayer = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayer',
  summary: "A player of the caller's subtree: profile, access, balances and credit.",
  audience: 'agent',
  body: z.object({ idPlayer: Id }),
  response: PlayerAccount,
});

export const SetPlayerProfile = z.object({
  idPlayer: Id,
  name: Text(100).min(1, 'is required'),
  /** Left out, null or empty: none. */
  email: optional(z.email('must be an e-mail address').max(254, 'is at most 254 characters')),
  phone: defaulted(Text(40), ''),
  notes: defaulted(Text(2000), ''),
});

export const setPlayerProfile = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetPlayerProfile',
  summary: "Sets a player's name, contact and the agent's notes; the change is recorded.",
  audience: 'agent',
  right: 'managePlayers',
  body: SetPlayerProfile,
  response: PlayerAccount,
});

export const SetPlayerAccess = z.object({
  idPlayer: Id,
  status: PlayerStatus,
  /** Left out: every product on. */
  productsOff: defaulted(z.array(BookProduct).max(BOOK_PRODUCTS.length), []),
});

export const setPlayerAccess = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetPlayerAccess',
  summary:
    "Sets a player's status and products; told to the platform. Open wagers stand: only new ones are refused.",
  audience: 'agent',
  right: 'managePlayers',
  body: SetPlayerAccess,
  response: PlayerAccount,
});

export const SendPlayerMessage = z.object({
  idPlayer: Id,
  body: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(1000, 'is at most 1000 characters'),
  idempotencyKey: IdempotencyKey,
});

export const PlayerMessage = z.object({
  IdMessage: z.number().int(),
  Body: z.string(),
  SentBy: z.string(),
  SentAt: Timestamp,
  /** What the platform answered: pending until delivered, skipped when the site has no webhook. */
  Delivery: z.enum(['pending', 'delivered', 'failed', 'skipped']),
});
export type PlayerMessage = z.infer<typeof PlayerMessage>;

export const sendPlayerMessage = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SendPlayerMessage',
  summary:
    'Sends the player an online message, delivered to the platform by webhook; the same key sends once.',
  audience: 'agent',
  right: 'messagePlayers',
  body: SendPlayerMessage,
  response: z.object({ Message: PlayerMessage, Replayed: z.boolean() }),
});

export const getPlayerMessages = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerMessages',
  summary: 'The messages sent to a player, newest first.',
  audience: 'agent',
  body: z.object({ idPlayer: Id, page: PageNumber }),
  response: z.object({
    Rows: z.array(PlayerMessage),
    Page: z.number().int(),
    PageSize: z.number().int(),
    TotalRows: z.number().int(),
  }),
});

/** Who changes a player: an agent in Backline, the player (a password), the platform's feed. */
export const CHANGE_ACTORS = ['agent', 'player', 'platform', 'system'] as const;

/** How a changed value reads: the client formats each kind for the reader's language. */
export const CHANGE_KINDS = ['money', 'text', 'flag', 'time', 'count', 'list'] as const;

export const PlayerChange = z.object({
  IdChange: z.number().int(),
  At: Timestamp,
  /** Who made it: the agent signed in (even when acting for another), the player, the platform. */
  ByKind: z.enum(CHANGE_ACTORS),
  /** The agent's or player's login; empty for the platform. */
  By: z.string(),
  /** Agent acted for, when not the signer. */
  ActingFor: z.string().nullable(),
  Address: z.string().nullable(),
  /** What kind of change: its label's key (playerPage.changes.actions.<code>). */
  Action: z.string(),
  Fields: z.array(
    z.object({
      /** A dotted path of the value (Limits.MaxByType.straight); its label is the client's. */
      Field: z.string(),
      Kind: z.enum(CHANGE_KINDS),
      Before: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
      After: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
    }),
  ),
});
export type PlayerChange = z.infer<typeof PlayerChange>;

export const getPlayerChanges = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetPlayerChanges',
  summary: 'Every change made to a player: who, when, from where, before and after; newest first.',
  audience: 'agent',
  body: z.object({ idPlayer: Id, page: PageNumber }),
  response: z.object({
    Currency: z.string(),
    Rows: z.array(PlayerChange),
    Page: z.number().int(),
    PageSize: z.number().int(),
    TotalRows: z.number().int(),
  }),
});
