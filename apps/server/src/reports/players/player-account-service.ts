// A player's page: who the player is and what they may do, set by an agent of the subtree;
// messages for the platform to show the player; and every change made to the player, read back
// from the audit rows each change writes. Free play is entered with the other money entries
// (player-payment).
import {
  addMoney,
  BOOK_PRODUCTS,
  type api,
  type CHANGE_KINDS,
  type BookProduct,
  type ParsedBodyOf,
  type PlayerAccount,
  type PlayerChange,
  type PlayerMessage,
  type PlayerStatus,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { playerInScope } from '../../agents/scope.ts';
import type { Executor } from '../../db/query.ts';
import { ConflictError } from '../../errors.ts';
import type { AgentAction } from '../../webhooks/outbox.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './player-account-repository.ts';
import { auditAgent, type Caller } from '../../security/audit-repository.ts';
import { recordPlayerChange } from './player-change-service.ts';

const PAGE_SIZE = 50;

const iso = (v: Date | string) => new Date(v).toISOString();

export function accountOf(r: repo.AccountDbRow): PlayerAccount {
  return {
    IdPlayer: r.id,
    Player: r.login,
    Name: r.name,
    IdAgent: r.agent_id,
    Agent: r.agent,
    Currency: r.currency,
    Email: r.email,
    Phone: r.phone,
    Notes: r.notes,
    Language: r.language,
    Status: r.status as PlayerStatus,
    ProductsOff: r.products_off as BookProduct[],
    Watched: r.watched,
    FromPlatform: r.external_id !== null,
    CreatedAt: iso(r.created_at),
    Balance: Number(r.balance),
    FreePlayBalance: Number(r.free_play_balance),
    CreditLimit: Number(r.credit_limit),
    TempCredit: Number(r.temp_credit),
    AtRisk: Number(r.at_risk),
    Available: addMoney(
      Number(r.credit_limit),
      Number(r.temp_credit),
      Number(r.balance),
      -Number(r.at_risk),
    ),
    LastWagerAt: r.last_wager_at === null ? null : iso(r.last_wager_at),
  };
}

type Kind = (typeof CHANGE_KINDS)[number];
type Value = string | number | boolean | string[] | null;

/** How a field of a change reads; money is in the player's currency. */
function kindOf(path: string): Kind {
  if (
    /^(Approved\.)?(CreditLimit|TempCredit|MaxWager)$|^Limits\.(M..By|MaxParlayPayout)|^(balance|freePlayBalance)$/.test(
      path,
    )
  )
    return 'money';
  if (path === 'Limits.MaxParlayLegs') return 'count';
  if (path === 'TempCreditUntil') return 'time';
  if (path === 'ProductsOff') return 'list';
  if (path === 'Watched') return 'flag';
  return 'text';
}

function leaves(value: unknown, path: string, out: Map<string, Value>): Map<string, Value> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      leaves(inner, path ? `${path}.${key}` : key, out);
  } else if (value !== undefined) out.set(path, value as Value);
  return out;
}

/**
 * What a change's before and after differ in, value by value: a limit set where there was none
 * is null before, one taken away null after. A change that is a single value (watched) names it.
 */
export function changedFields(action: string, before: unknown, after: unknown) {
  const root = action === 'player.watched' || action === 'player.unwatched' ? 'Watched' : '';
  const was = leaves(before, root, new Map());
  const is = leaves(after, root, new Map());
  const fields: PlayerChange['Fields'] = [];
  for (const field of new Set([...was.keys(), ...is.keys()])) {
    const b = was.get(field) ?? null;
    const a = is.get(field) ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a))
      fields.push({ Field: field, Kind: kindOf(field), Before: b, After: a });
  }
  return fields;
}

function changeOf(r: repo.ChangeDbRow): PlayerChange {
  const details = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as {
    address?: string;
    before?: unknown;
    after?: unknown;
  };
  const byKind = (
    ['agent', 'player', 'platform'].includes(r.actor_kind) ? r.actor_kind : 'system'
  ) as PlayerChange['ByKind'];
  return {
    IdChange: r.id,
    At: iso(r.created_at),
    ByKind: byKind,
    By: r.actor ?? '',
    ActingFor: r.acting_for,
    Address: details.address ?? null,
    Action: r.action,
    Fields: changedFields(r.action, details.before, details.after),
  };
}

function messageOf(r: repo.MessageDbRow): PlayerMessage {
  return {
    IdMessage: r.id,
    Body: r.body,
    SentBy: r.sent_by,
    SentAt: iso(r.created_at),
    Delivery: (r.delivery ?? 'skipped') as PlayerMessage['Delivery'],
  };
}

export function createPlayerAccountService(
  deps: Pick<ReportDeps, 'db' | 'now'> & { outbox?: ReportDeps['outbox'] },
) {
  const { db, now } = deps;

  async function account(auth: AgentAuth, req: { idPlayer: number }): Promise<PlayerAccount> {
    const player = await playerInScope(db, auth, req.idPlayer);
    return accountOf((await repo.selectAccount(db, player.id, now()))!);
  }

  /**
   * Changes one player under its row lock: writes the audit row with what was and is, and tells
   * the platform when it should hear of it; a change to nothing writes nothing.
   */
  async function change<T>(
    auth: AgentAuth,
    caller: Caller,
    idPlayer: number,
    c: {
      action: string;
      shown: (a: PlayerAccount) => T;
      write: (tx: Executor, playerId: number) => Promise<void>;
      webhook?: AgentAction['type'];
    },
  ): Promise<PlayerAccount> {
    const player = await playerInScope(db, auth, idPlayer);
    return db.transaction(async (tx) => {
      const at = now();
      const before = accountOf((await repo.selectAccount(tx, player.id, at, true))!);
      await c.write(tx, player.id);
      const after = accountOf((await repo.selectAccount(tx, player.id, at))!);
      await recordPlayerChange(tx, deps.outbox, auth, caller, {
        action: c.action,
        playerId: player.id,
        was: c.shown(before),
        is: c.shown(after),
        at,
        webhook: c.webhook,
      });
      return after;
    });
  }

  const setProfile = (
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setPlayerProfile>,
    caller: Caller,
  ) =>
    change(auth, caller, req.idPlayer, {
      action: 'player.profile',
      shown: (a) => ({ Name: a.Name, Email: a.Email, Phone: a.Phone, Notes: a.Notes }),
      write: (tx, id) => repo.updateProfile(tx, id, { ...req, email: req.email ?? null }),
      webhook: 'player.profile_changed',
    });

  const setAccess = (
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setPlayerAccess>,
    caller: Caller,
  ) =>
    change(auth, caller, req.idPlayer, {
      action: 'player.access',
      shown: (a) => ({ Status: a.Status, ProductsOff: a.ProductsOff }),
      // In the one order of the products, each once.
      write: (tx, id) =>
        repo.updateAccess(tx, id, {
          status: req.status,
          productsOff: BOOK_PRODUCTS.filter((p) => req.productsOff.includes(p)),
        }),
      webhook: 'player.access_changed',
    });

  /** An online message for the player, sent once per key; the platform shows it. */
  async function sendMessage(auth: AgentAuth, req: ParsedBodyOf<typeof api.sendPlayerMessage>) {
    const player = await playerInScope(db, auth, req.idPlayer);
    const sentBy = await entrantOf(db, auth);
    return db.transaction(async (tx) => {
      // Under the player's lock: a retry racing the first send finds it committed.
      await repo.selectAccount(tx, player.id, now(), true);
      const first = await repo.findMessageByKey(tx, auth.siteId, req.idempotencyKey);
      if (first) {
        if (first.player_id !== player.id || first.body !== req.body)
          throw new ConflictError('message_key_reused');
        return { Message: messageOf(first), Replayed: true };
      }
      const at = now();
      const outboxId = deps.outbox
        ? await deps.outbox.record(tx, {
            siteId: auth.siteId,
            type: 'player.message',
            playerId: player.id,
            at,
            data: { Body: req.body, SentBy: sentBy },
          })
        : null;
      const id = await repo.insertMessage(tx, {
        siteId: auth.siteId,
        playerId: player.id,
        sentBy: auth.selfAgentId,
        body: req.body,
        outboxId,
        key: req.idempotencyKey,
        at,
      });
      // The key was used for another player's message meanwhile: this one is not sent.
      if (id === null) throw new ConflictError('message_key_reused');
      await auditAgent(tx, auth, {
        action: 'player.message',
        targetKind: 'player',
        targetId: player.id,
        at,
        details: { message: id },
      });
      const sent = await repo.findMessageByKey(tx, auth.siteId, req.idempotencyKey);
      return { Message: messageOf(sent!), Replayed: false };
    });
  }

  async function messages(auth: AgentAuth, req: ParsedBodyOf<typeof api.getPlayerMessages>) {
    const player = await playerInScope(db, auth, req.idPlayer);
    const page = { limit: PAGE_SIZE, offset: (req.page - 1) * PAGE_SIZE };
    const [rows, total] = await Promise.all([
      repo.selectMessages(db, player.id, page),
      repo.countMessages(db, player.id),
    ]);
    return { Rows: rows.map(messageOf), Page: req.page, PageSize: PAGE_SIZE, TotalRows: total };
  }

  async function changes(auth: AgentAuth, req: ParsedBodyOf<typeof api.getPlayerChanges>) {
    const player = await playerInScope(db, auth, req.idPlayer);
    const page = { limit: PAGE_SIZE, offset: (req.page - 1) * PAGE_SIZE };
    const [rows, total] = await Promise.all([
      repo.selectChanges(db, player.id, page),
      repo.countChanges(db, player.id),
    ]);
    return {
      Currency: player.currency,
      Rows: rows.map(changeOf),
      Page: req.page,
      PageSize: PAGE_SIZE,
      TotalRows: total,
    };
  }

  return { account, setProfile, setAccess, sendMessage, messages, changes };
}

export type PlayerAccountService = ReturnType<typeof createPlayerAccountService>;
