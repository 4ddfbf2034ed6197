// The players list reads the player rows (balance and at risk kept with every posting), this week's
// rollup row and, for the page alone, each player's latest wager. The filtered set is counted apart,
// by currency, so a page never counts the rows it does not show.
import type { PlayerFilter, PlayerSort, SortDir } from '@backline/contract';
import { sql, type SQL } from 'drizzle-orm';
import { cursorRows } from '../../db/cursor.ts';
import { queryRows, type Db, type Executor } from '../../db/query.ts';
import { containsPattern } from '../../db/sql-search.ts';
import type { PlayerRowDbColumns } from '../player-ref.ts';

export interface PlayerListDbRow extends PlayerRowDbColumns {
  status: string;
  credit_limit: number;
  balance: number;
  at_risk: number;
  this_week: number;
  watched: boolean;
  last_wager_at: string | null;
}

export interface PlayersQuery {
  siteId: number;
  agentId: number;
  week: string;
  search?: string | undefined;
  filter: PlayerFilter;
}

export interface PlayersOrder {
  sort: PlayerSort;
  dir: SortDir;
  /** A money column in the site's currency, for ranking across currencies (currency/ranking.ts). */
  rank?: ((amount: SQL, currency: SQL) => SQL) | undefined;
}

const AVAILABLE = sql`(p.credit_limit + p.balance - p.at_risk)`;
const THIS_WEEK = sql`coalesce(tw.sports + tw.casino + tw.horses + tw.rbl, 0)`;

const FILTERS: Record<PlayerFilter, SQL> = {
  all: sql``,
  active: sql`and p.status = 'active'`,
  suspended: sql`and p.status = 'suspended'`,
  withBalance: sql`and p.has_balance`,
  overLimit: sql`and ${AVAILABLE} < 0`,
  watched: sql`and p.watched`,
};

/** The players of the agent's subtree that the search and filter keep. */
function filtered(q: PlayersQuery): SQL {
  const pattern = q.search ? containsPattern(q.search) : null;
  return sql`p.site_id = ${q.siteId}
    and p.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId})
    ${pattern ? sql`and (p.login ilike ${pattern} or p.name ilike ${pattern})` : sql``}
    ${FILTERS[q.filter]}`;
}

function orderBy(o: PlayersOrder): SQL {
  const money = (amount: SQL) => (o.rank ? o.rank(amount, sql`p.currency`) : amount);
  const keys: Record<PlayerSort, SQL> = {
    player: sql`lower(p.login)`,
    name: sql`lower(p.name)`,
    agent: sql`lower(a.login)`,
    balance: money(sql`p.balance`),
    creditLimit: money(sql`p.credit_limit`),
    atRisk: money(sql`p.at_risk`),
    available: money(AVAILABLE),
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
      (select max(w.placed_at) from wagers w where w.player_id = p.id) as last_wager_at
    from players p
    join agents a on a.id = p.agent_id
    left join player_weekly tw on tw.player_id = p.id and tw.week_start = ${q.week}::date
    where ${filtered(q)}
    order by ${orderBy(o)}
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
