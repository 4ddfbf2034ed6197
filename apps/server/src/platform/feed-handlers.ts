// What each platform event does, inside its event's transaction: through the same ledger
// operations and tree code the back office uses, never rows of its own making.
import type {
  ErrorCode,
  ErrorParams,
  EventEffect,
  PlatformEvent,
  PlatformEventType,
} from '@backline/contract';
import type { Db } from '../db/query.ts';
import { ConflictError, NotFoundError, ValidationError, type AppError } from '../errors.ts';
import { moveAgent } from '../agents/agent-move.ts';
import { createAgent } from '../agents/agent-closure.ts';
import { startDealFromDefaults } from '../agents/new-agent-repository.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import type { LedgerDeps } from '../ledger/ledger-posting.ts';
import { movePlayer } from '../ledger/player-move.ts';
import { regradeWager, voidWager } from '../ledger/wager-operations.ts';
import * as repo from './feed-repository.ts';
import { recordLogin } from '../auth/login-events-repository.ts';
import { addPlayer } from '../players/new-player.ts';
import type { ChunkedEvent } from './feed-chunk.ts';

export interface FeedContext {
  /** The event's transaction: every ledger posting nests in it. */
  tx: Db;
  siteId: number;
  /** The integration key that sent the event: the actor of what it writes to the audit log. */
  keyId: number;
  /** The platform's instant of the event: the day and week of what it posts. */
  at: Date;
  now: () => Date;
}

type Of<T extends PlatformEventType> = Extract<PlatformEvent, { Type: T }>;
/** Wagers placed and graded are applied set-based (feed-chunk.ts); every other type here. */
export type AloneType = Exclude<PlatformEventType, ChunkedEvent['Type']>;
type Handlers = { [T in AloneType]: (c: FeedContext, e: Of<T>) => Promise<EventEffect> };

const FEED = 'platform';

/** Postings of this event go at the platform's instant (ledger-posting.ts). */
function depsOf(c: FeedContext): LedgerDeps {
  return { db: c.tx, now: c.now, platformTime: c.at };
}

/**
 * The row of the site an event names by `find`, or, when there is none, `Refusal` with `code` and
 * the name under `param`.
 */
function named<R>(
  find: (tx: Db, siteId: number, name: string) => Promise<R | undefined>,
  Refusal: new (code: ErrorCode, params: ErrorParams) => AppError,
  code: ErrorCode,
  param: string,
) {
  return async (c: FeedContext, name: string): Promise<R> => {
    const row = await find(c.tx, c.siteId, name);
    if (!row) throw new Refusal(code, { [param]: name });
    return row;
  };
}

const player = named(repo.playerByLogin, NotFoundError, 'unknown_player', 'player');
const agent = named(repo.agentByLogin, NotFoundError, 'agent_not_found', 'agent');
const game = named(repo.gameByRef, ConflictError, 'game_not_created', 'game');
/** A wager the platform names; a grade or void before its placing is refused as retryable. */
const wager = named(repo.wagerByRef, ConflictError, 'wager_not_placed', 'wager');

async function setStatus(c: FeedContext, login: string, status: 'active' | 'suspended' | 'closed') {
  const p = await player(c, login);
  await repo.updatePlayer(c.tx, p.id, { status, active: status !== 'closed' });
  return { Player: p.login, Status: status };
}

export const FEED_HANDLERS: Handlers = {
  'agent.created': async (c, { Data: d }) => {
    const parent = await agent(c, d.Parent);
    const created = await createAgent(c.tx, {
      siteId: c.siteId,
      parentId: parent.id,
      login: d.Agent,
      name: d.Name,
      email: d.Email,
      passwordHash: null,
      currency: parent.currency,
      rights: parent.rights.filter((r) => r !== 'viewOnly') as never,
      createdAt: c.at,
    });
    await startDealFromDefaults(c.tx, {
      agentId: created.id,
      parentId: parent.id,
      setBy: 'platform',
      at: c.at,
    });
    return { IdAgent: created.id, Agent: created.login };
  },
  'agent.renamed': async (c, { Data: d }) => {
    const a = await agent(c, d.Agent);
    await repo.updateAgent(c.tx, a.id, { name: d.Name });
    return { IdAgent: a.id };
  },
  'agent.moved': async (c, { Data: d }) => {
    const [a, parent] = [await agent(c, d.Agent), await agent(c, d.Parent)];
    const { moved } = await moveAgent(c.tx, {
      siteId: c.siteId,
      agentId: a.id,
      parentId: parent.id,
    });
    return { IdAgent: a.id, IdParent: parent.id, Moved: moved };
  },
  'agent.deactivated': async (c, { Data: d }) => {
    const a = await agent(c, d.Agent);
    await repo.updateAgent(c.tx, a.id, { active: false });
    return { IdAgent: a.id, Active: false };
  },
  'player.created': async (c, { Data: d }) => {
    const a = await agent(c, d.Agent);
    // The same path as an agent's new player: the agent's defaults, within the caps above it.
    const created = await addPlayer(c.tx, {
      siteId: c.siteId,
      agentId: a.id,
      login: d.Player,
      name: d.Name,
      email: d.Email ?? null,
      passwordHash: null,
      ...(d.CreditLimit !== undefined && { creditLimit: d.CreditLimit }),
      externalId: d.PlatformId ?? null,
      createdAt: c.at,
    });
    return { IdPlayer: created.id, Player: d.Player };
  },
  'player.updated': async (c, { Data: d }) => {
    const p = await player(c, d.Player);
    await repo.updatePlayer(c.tx, p.id, {
      ...(d.Name !== undefined && { name: d.Name }),
      ...(d.CreditLimit !== undefined && { creditLimit: d.CreditLimit }),
      ...(d.MaxWager !== undefined && { maxWager: d.MaxWager }),
      ...(d.ProductsOff !== undefined && { productsOff: [...new Set(d.ProductsOff)] }),
    });
    return { IdPlayer: p.id };
  },
  'player.moved': async (c, { Data: d }) => {
    const [p, a] = [await player(c, d.Player), await agent(c, d.Agent)];
    const moved = await movePlayer(depsOf(c), {
      siteId: c.siteId,
      playerId: p.id,
      toAgentId: a.id,
    });
    return { IdPlayer: p.id, IdAgent: a.id, Moved: moved.moved, Week: moved.weekStart };
  },
  'player.suspended': (c, { Data: d }) => setStatus(c, d.Player, 'suspended'),
  'player.reinstated': (c, { Data: d }) => setStatus(c, d.Player, 'active'),
  'player.closed': (c, { Data: d }) => setStatus(c, d.Player, 'closed'),
  'player.login': async (c, { Data: d }) => {
    const p = await player(c, d.Player);
    await recordLogin(c.tx, {
      siteId: c.siteId,
      account: { kind: 'player', playerId: p.id },
      at: c.at,
      outcome: d.Outcome,
      method: 'platform',
      source: 'platform',
      ip: d.Ip ?? null,
      country: d.Country ?? null,
      device: null,
      deviceId: d.Device ?? null,
    });
    return { IdPlayer: p.id, Outcome: d.Outcome };
  },
  'game.created': async (c, { Data: d }) => {
    if (await repo.gameByRef(c.tx, c.siteId, d.Game))
      throw new ConflictError('game_exists', { game: d.Game });
    const created = await repo.insertGame(c.tx, {
      siteId: c.siteId,
      externalId: d.Game,
      sport: d.Sport,
      league: d.League,
      home: d.Home,
      away: d.Away,
      startsAt: new Date(d.StartsAt),
    });
    return { IdGame: created.id };
  },
  'game.rescheduled': async (c, { Data: d }) => {
    const g = await game(c, d.Game);
    await repo.updateGame(c.tx, g.id, { startsAt: new Date(d.StartsAt) });
    return { IdGame: g.id };
  },
  'game.scored': async (c, { Data: d }) => {
    const g = await game(c, d.Game);
    await repo.updateGame(c.tx, g.id, {
      homeScore: d.HomeScore,
      awayScore: d.AwayScore,
      ...(g.status === 'scheduled' && { status: 'live' }),
    });
    return { IdGame: g.id };
  },
  'game.final': async (c, { Data: d }) => {
    const g = await game(c, d.Game);
    await repo.updateGame(c.tx, g.id, {
      homeScore: d.HomeScore,
      awayScore: d.AwayScore,
      status: 'final',
    });
    return { IdGame: g.id, Status: 'final' };
  },
  'wager.regraded': async (c, { Data: d }) => {
    const w = await wager(c, d.Wager);
    const deps = depsOf(c);
    const regraded = await regradeWager(deps, {
      siteId: c.siteId,
      wagerId: w.id,
      result: d.Result,
      changedBy: FEED,
      reason: d.Reason || 'Regraded by the platform',
    });
    return { IdWager: w.id, Ticket: w.ticket, Amount: regraded.wager.amount };
  },
  'wager.voided': async (c, { Data: d }) => {
    const w = await wager(c, d.Wager);
    const deps = depsOf(c);
    const voided = await voidWager(deps, {
      siteId: c.siteId,
      wagerId: w.id,
      changedBy: FEED,
      reason: d.Reason || 'Voided by the platform',
      actorKind: 'platform',
      actorId: c.keyId,
    });
    return { IdWager: w.id, Ticket: w.ticket, Reversed: voided.reversed };
  },
  'product.result': async (c, e) => {
    const d = e.Data;
    const p = await player(c, d.Player);
    const entry = await platformLedger(c).postEntry({
      siteId: c.siteId,
      playerId: p.id,
      type: ({ casino: 5, horses: 6, rbl: 7 } as const)[d.Product],
      amount: d.Amount,
      description: { Code: 'product_result', Params: { product: d.Product } },
      createdBy: FEED,
      idempotencyKey: `feed:${e.EventId}`,
    });
    return { IdEntry: entry.id, Balance: entry.balanceAfter };
  },
  'payment.posted': async (c, e) => {
    const d = e.Data;
    const p = await player(c, d.Player);
    const paid = await platformLedger(c).postPayment({
      siteId: c.siteId,
      playerId: p.id,
      amount: d.Amount,
      method: d.Method,
      note: d.Note,
      createdBy: FEED,
      idempotencyKey: `feed:${e.EventId}`,
    });
    return { IdEntry: paid.entry.id, Balance: paid.entry.balanceAfter };
  },
  'freeplay.granted': async (c, e) => {
    const p = await player(c, e.Data.Player);
    const entry = await platformLedger(c).postEntry({
      siteId: c.siteId,
      playerId: p.id,
      type: 4,
      amount: e.Data.Amount,
      description: { Code: 'free_play_granted', Params: {} },
      createdBy: FEED,
      idempotencyKey: `feed:${e.EventId}`,
    });
    return { IdEntry: entry.id, FreePlayBalance: entry.freePlayAfter };
  },
};

/** The ledger service posting at the event's platform time. */
function platformLedger(c: FeedContext) {
  return createLedgerService({ db: c.tx, now: c.now, platformTime: c.at });
}

export function assertNotFuture(at: Date, now: Date, toleranceSeconds: number): void {
  if (at.getTime() > now.getTime() + toleranceSeconds * 1000)
    throw new ValidationError('event_time_future', { seconds: toleranceSeconds });
}
