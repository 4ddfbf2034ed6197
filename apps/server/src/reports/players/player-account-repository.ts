// A player's page reads the player row with its agent, the audit rows about the player, and the
// messages sent to it with what became of their delivery.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import type { PlayerRowDbColumns } from '../player-ref.ts';
import { textArray } from '../../db/sql-arrays.ts';

export interface AccountDbRow extends PlayerRowDbColumns {
  email: string | null;
  phone: string;
  notes: string;
  language: string;
  status: string;
  products_off: string[];
  watched: boolean;
  external_id: string | null;
  created_at: Date | string;
  balance: number;
  free_play_balance: number;
  credit_limit: number;
  /** In force at the clock given, else 0. */
  temp_credit: number;
  at_risk: number;
  last_wager_at: Date | string | null;
}

export async function selectAccount(
  db: Executor,
  playerId: number,
  now: Date,
  lock = false,
): Promise<AccountDbRow | undefined> {
  const [row] = await queryRows<AccountDbRow>(
    db,
    sql`select p.id, p.login, p.name, p.agent_id, a.login as agent, p.currency, p.email, p.phone,
          p.notes, p.language, p.status, p.products_off, p.watched, p.external_id, p.created_at,
          p.balance, p.free_play_balance, p.credit_limit, p.at_risk,
          (case when p.temp_credit_until > ${now} then p.temp_credit else 0 end)::bigint
            as temp_credit,
          (select max(w.placed_at) from wagers w where w.player_id = p.id) as last_wager_at
        from players p join agents a on a.id = p.agent_id
        where p.id = ${playerId}
        ${lock ? sql`for update of p` : sql``}`,
  );
  return row;
}

export async function updateProfile(
  db: Executor,
  playerId: number,
  to: { name: string; email: string | null; phone: string; notes: string },
): Promise<void> {
  await db.execute(
    sql`update players set name = ${to.name}, email = ${to.email}, phone = ${to.phone},
          notes = ${to.notes}
        where id = ${playerId}`,
  );
}

export async function updateAccess(
  db: Executor,
  playerId: number,
  to: { status: string; productsOff: readonly string[] },
): Promise<void> {
  await db.execute(
    sql`update players set status = ${to.status}, active = ${to.status !== 'closed'},
          products_off = ${textArray(to.productsOff)}
        where id = ${playerId}`,
  );
}

export interface ChangeDbRow {
  id: number;
  created_at: Date | string;
  actor_kind: string;
  actor: string | null;
  acting_for: string | null;
  action: string;
  details: Record<string, unknown> | string;
}

/** Audit rows about one player, newest first. */
export function selectChanges(
  db: Executor,
  playerId: number,
  page: { limit: number; offset: number },
): Promise<ChangeDbRow[]> {
  return queryRows<ChangeDbRow>(
    db,
    sql`select l.id, l.created_at, l.actor_kind, l.action, l.details,
          case l.actor_kind when 'agent' then a.login when 'player' then p.login end as actor,
          f.login as acting_for
        from audit_log l
        left join agents a on l.actor_kind = 'agent' and a.id = l.actor_id
        left join players p on l.actor_kind = 'player' and p.id = l.actor_id
        left join agents f on f.id = (l.details->>'actingFor')::int
          and f.id is distinct from l.actor_id
        where l.target_kind = 'player' and l.target_id = ${playerId}
        order by l.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

export async function countChanges(db: Executor, playerId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log
        where target_kind = 'player' and target_id = ${playerId}`,
  );
  return Number(row?.n ?? 0);
}

export interface MessageDbRow {
  id: number;
  player_id: number;
  body: string;
  sent_by: string;
  created_at: Date | string;
  delivery: string | null;
}

const MESSAGE_COLUMNS = sql`m.id, m.player_id, m.body, a.login as sent_by, m.created_at,
  o.status as delivery`;
const MESSAGE_FROM = sql`player_messages m join agents a on a.id = m.sent_by
  left join webhook_outbox o on o.id = m.outbox_id`;

export async function findMessageByKey(
  db: Executor,
  siteId: number,
  key: string,
): Promise<MessageDbRow | undefined> {
  const [row] = await queryRows<MessageDbRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from ${MESSAGE_FROM}
        where m.site_id = ${siteId} and m.idempotency_key = ${key}`,
  );
  return row;
}

/** Writes a message once per key: answers its id, or null when the key had been used. */
export async function insertMessage(
  db: Executor,
  m: {
    siteId: number;
    playerId: number;
    sentBy: number;
    body: string;
    outboxId: string | null;
    key: string;
    at: Date;
  },
): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into player_messages (site_id, player_id, sent_by, body, outbox_id,
          idempotency_key, created_at)
        values (${m.siteId}, ${m.playerId}, ${m.sentBy}, ${m.body}, ${m.outboxId}, ${m.key},
          ${m.at})
        on conflict (site_id, idempotency_key) do nothing
        returning id`,
  );
  return row?.id ?? null;
}

export function selectMessages(
  db: Executor,
  playerId: number,
  page: { limit: number; offset: number },
): Promise<MessageDbRow[]> {
  return queryRows<MessageDbRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from ${MESSAGE_FROM}
        where m.player_id = ${playerId}
        order by m.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

export async function countMessages(db: Executor, playerId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from player_messages where player_id = ${playerId}`,
  );
  return Number(row?.n ?? 0);
}
