// The players list reads the player rows (balance and at risk kept with every posting), this week's
// rollup row and, for the page alone, each player's latest wager. The filtered set is counted apart,
// by currency, so a page never counts the rows it does not show.
import type { PlayerFilter, PlayerSort, SortDir } from '@backline/contract';
import { sql, type SQL } from 'drizzle-orm';
import { cursorRows } from '../../db/cursor.ts';
import { queryRows, type Db, type Executor } from '../../db/query.ts';
import { containsPattern } from '../../db/sql-search.ts';
import type { PlayerRowDbColumns } from '../player-ref.ts';
import { sharpSql } from '../../risk/player-clv-repository.ts';

export interface PlayerListDbRow extends PlayerRowDbColumns {
  status: string;
  credit_limit: number;
  balance: number;
  at_risk: number;
  this_week: number;
  /** Temporary credit in force now, else 0. */
  temp_credit: number;
  watched: boolean;
  last_wager_at: string | null;
  /** The standing CLV score (player_clv); null before a scored leg. */
  clv_score: number | null;
  sharp: boolean;
}

export interface PlayersQuery {
  siteId: number;
  agentId: number;
  week: string;
  /** The app's clock: temporary credit counts while its expiry is ahead of it. */
  now: Date;
  search?: string | undefined;
  filter: PlayerFilter;
}

export interface PlayersOrder {
  sort: PlayerSort;
  dir: SortDir;
  /** A money column in the site's currency, for ranking across currencies (currency/ranking.ts). */
  rank?: ((amount: SQL, currency: SQL) => SQL) | undefined;
}

const tempCredit = (now: Date) =>
  sql`(case when p.temp_credit_until > ${now} then p.temp_credit else 0 end)`;
/** Available = credit limit + temporary credit in force + balance - at risk (DOMAIN.md). */
const available = (now: Date) => sql`(p.credit_limit + ${tempCredit(now)} + p.balance - p.at_risk)`;
const THIS_WEEK = sql`coalesce(tw.sports + tw.casino + tw.horses + tw.rbl, 0)`;

function filterOf(filter: PlayerFilter, now: Date): SQL {
  switch (filter) {
    case 'all':
      return sql``;
    case 'active':
      return sql`and p.status = 'active'`;
    case 'suspended':
      return sql`and p.status = 'suspended'`;
    case 'withBalance':
      return sql`and p.has_balance`;
    case 'overLimit':
      return sql`and ${available(now)} < 0`;
    case 'watched':
      return sql`and p.watched`;
    case 'sharp':
      return sql`and exists (select 1 from player_clv c where c.player_id = p.id and ${sharpSql('c')})`;
  }
}

/** The players of the agent's subtree that the search and filter keep. */
function filtered(q: PlayersQuery): SQL {
  const pattern = q.search ? containsPattern(q.search) : null;
  return sql`p.site_id = ${q.siteId}
    and p.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId})
    ${pattern ? sql`and (p.login ilike ${pattern} or p.name ilike ${pattern})` : sql``}
    ${filterOf(q.filter, q.now)}`;
}

function orderBy(o: PlayersOrder, now: Date): SQL {
  const money = (amount: SQL) => (o.rank ? o.rank(amount, sql`p.currency`) : amount);
  const keys: Record<PlayerSort, SQL> = {
    player: sql`lower(p.login)`,
    name: sql`lower(p.name)`,
    agent: sql`lower(a.login)`,
    balance: money(sql`p.balance`),
    creditLimit: money(sql`p.credit_limit`),
    atRisk: money(sql`p.at_risk`),
    available: money(available(now)),
    thisWeek: money(THIS_WEEK),
  };
  const dir = o.dir === 'desc' ? sql`desc` : sql`asc`;
  // A converted amount is null for a currency without a rate: those rank last either way. The
  // login breaks ties (and is the order itself when sorting by player), unique on the site.
  const tail = o.sort === 'player' ? sql`` : sql`, lower(p.login) ${dir}`;
  return sql`${keys[o.sort]} ${dir} nulls last${tail}`;
}

function listQuery(q: PlayersQuery, o: PlayersOrder, page?: { limit: number; offset: number }) {
  return sql`select p.id, p.login, p.name, p.agent_id, a.login as agent, p.currency, p.status,
      p.credit_limit, p.balance, p.at_risk, p.watched, ${THIS_WEEK}::bigint as this_week,
      ${tempCredit(q.now)}::bigint as temp_credit,
      (select max(w.placed_at) from wagers w where w.player_id = p.id) as last_wager_at,
      clv.score::float8 as clv_score, ${sharpSql('clv')} as sharp
    from players p
    join agents a on a.id = p.agent_id
    left join player_clv clv on clv.player_id = p.id
    left join player_weekly tw on tw.player_id = p.id and tw.week_start = ${q.week}::date
    where ${filtered(q)}
    order by ${orderBy(o, q.now)}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

export function selectPlayersPage(
  db: Executor,
  q: PlayersQuery,
  o: PlayersOrder,
  page: { limit: number; offset: number },
): Promise<PlayerListDbRow[]> {
  return queryRows<PlayerListDbRow>(db, listQuery(q, o, page));
}

/**
 * How many players the list holds, per currency (the currencies say whether a ranking converted).
 * The whole subtree is counted from the per-agent rollup (agent_players, one row per agent and
 * currency), so a master's first page never counts its book row by row.
 */
export function countPlayers(
  db: Executor,
  q: PlayersQuery,
): Promise<{ currency: string; count: number }[]> {
  if (!q.search && q.filter === 'all') {
    return queryRows(
      db,
      sql`select ap.currency, sum(ap.active + ap.inactive)::int as count from agent_players ap
        where ap.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId})
        group by ap.currency having sum(ap.active + ap.inactive) > 0 order by ap.currency`,
    );
  }
  return queryRows(
    db,
    sql`select p.currency, count(*)::int as count from players p where ${filtered(q)}
      group by p.currency order by p.currency`,
  );
}

/** The whole list in order, a chunk at a time (the export); `checkCount` may refuse it first. */
export function playersChunks(
  db: Db,
  q: PlayersQuery,
  o: PlayersOrder,
  chunkSize: number,
  checkCount: (count: number) => void,
): AsyncGenerator<PlayerListDbRow[]> {
  return cursorRows<PlayerListDbRow>(db, listQuery(q, o), chunkSize, checkCount);
}

/** Puts a player on the watch list or takes them off; null when the player is not on the site. */
export async function updateWatched(
  db: Executor,
  q: { siteId: number; playerId: number; watched: boolean },
): Promise<{ id: number; watched: boolean; before: boolean } | null> {
  const rows = await queryRows<{ id: number; watched: boolean; before: boolean }>(
    db,
    sql`update players p set watched = ${q.watched}
      from (select id, watched from players where id = ${q.playerId} and site_id = ${q.siteId}
            for update) old
      where p.id = old.id
      returning p.id, p.watched, old.watched as before`,
  );
  return rows[0] ?? null;
}

export interface CapDbRow {
  cap: number;
  agent: string;
  currency: string;
}

export interface LimitsDbRow {
  id: number;
  login: string;
  currency: string;
  credit_limit: number;
  temp_credit: number;
  temp_credit_until: Date | string | null;
  max_wager: number;
  wager_limits: Record<string, unknown>;
  /** The least cap of each kind among the agents above the player, with whose it is. */
  credit_cap: CapDbRow | null;
  wager_cap: CapDbRow | null;
  /** The player's own ceilings above the caps, from an approved request. */
  credit_limit_approved: number | null;
  max_wager_approved: number | null;
  agent_id: number;
  site_id: number;
}

/** The least cap of one kind among the agents above `p` (the player's own agent included). */
function leastCap(column: SQL): SQL {
  return sql`(select json_build_object('cap', ${column}, 'agent', a.login, 'currency', a.currency)
    from agent_closure c join agents a on a.id = c.ancestor_id
    where c.descendant_id = p.agent_id and ${column} is not null
    order by ${column} limit 1)`;
}

/** A player's limits and the caps above it; `lock` holds the row for a change. */
export async function selectLimits(
  db: Executor,
  playerId: number,
  lock = false,
): Promise<LimitsDbRow | undefined> {
  const [row] = await queryRows<LimitsDbRow>(
    db,
    sql`select p.id, p.login, p.currency, p.credit_limit, p.temp_credit, p.temp_credit_until,
          p.max_wager, p.wager_limits, p.credit_limit_approved, p.max_wager_approved, p.agent_id,
          p.site_id,
          ${leastCap(sql`a.credit_limit_cap`)} as credit_cap,
          ${leastCap(sql`a.max_wager_cap`)} as wager_cap
        from players p where p.id = ${playerId}
        ${lock ? sql`for update of p` : sql``}`,
  );
  return (
    row && {
      ...row,
      credit_cap: capOf(row.credit_cap),
      wager_cap: capOf(row.wager_cap),
      credit_limit_approved: numOrNull(row.credit_limit_approved),
      max_wager_approved: numOrNull(row.max_wager_approved),
    }
  );
}

const numOrNull = (v: number | string | null) => (v === null ? null : Number(v));

/** An agent above a player (its own agent included) with the caps it sets, nearest first. */
export interface CapHolderDbRow {
  id: number;
  login: string;
  parent_id: number | null;
  currency: string;
  language: string;
  credit_limit_cap: number | null;
  max_wager_cap: number | null;
  depth: number;
}

/** The agents above agent `agentId`, itself included, nearest first, with their caps. */
export async function selectCapHolders(db: Executor, agentId: number): Promise<CapHolderDbRow[]> {
  const rows = await queryRows<CapHolderDbRow>(
    db,
    sql`select a.id, a.login, a.parent_id, a.currency, a.language, a.credit_limit_cap,
          a.max_wager_cap, c.depth
        from agent_closure c join agents a on a.id = c.ancestor_id
        where c.descendant_id = ${agentId}
        order by c.depth`,
  );
  return rows.map((r) => ({
    ...r,
    credit_limit_cap: numOrNull(r.credit_limit_cap),
    max_wager_cap: numOrNull(r.max_wager_cap),
    depth: Number(r.depth),
  }));
}

/** json_build_object's numbers arrive as numbers or text, by driver. */
function capOf(raw: CapDbRow | string | null): CapDbRow | null {
  if (raw === null) return null;
  const c = typeof raw === 'string' ? (JSON.parse(raw) as CapDbRow) : raw;
  return { cap: Number(c.cap), agent: c.agent, currency: c.currency };
}

export async function updateLimits(
  db: Executor,
  playerId: number,
  to: {
    creditLimit: number;
    tempCredit: number;
    tempCreditUntil: Date | null;
    maxWager: number;
    wagerLimits: Record<string, unknown>;
    /** The player's own ceilings above the caps (an approval); null: the caps bind. */
    approved: { creditLimit: number | null; maxWager: number | null };
  },
): Promise<void> {
  await db.execute(
    sql`update players set credit_limit = ${to.creditLimit}, temp_credit = ${to.tempCredit},
          temp_credit_until = ${to.tempCreditUntil}, max_wager = ${to.maxWager},
          wager_limits = ${JSON.stringify(to.wagerLimits)}::jsonb,
          credit_limit_approved = ${to.approved.creditLimit},
          max_wager_approved = ${to.approved.maxWager}
        where id = ${playerId}`,
  );
}
