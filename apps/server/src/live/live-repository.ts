// SQL of the live ticker: the activity log (wager_activity, migration 0032) joined to its wager,
// player, agent and CLV, for the shared poller (new rows past a cursor), a resumed stream (the
// subtree's rows after an id) and GetLive (the subtree's latest, filtered).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { bigintArray } from '../db/sql-arrays.ts';
import { sharpSql } from '../risk/player-clv-repository.ts';

export interface LiveDbRow {
  id: number;
  site_id: number;
  kind: string;
  at: Date | string;
  wager_id: number;
  ticket: string;
  player_id: number;
  player: string;
  agent_id: number;
  agent: string;
  wager_type: string;
  sport: string;
  description: string;
  currency: string;
  risk: number;
  to_win: number;
  amount: number;
  result: string;
  free_play: boolean;
  watched: boolean;
  sharp: boolean;
  /** The agents above the row's agent, the root first and the agent itself last. */
  chain: number[];
}

/** The select list and joins every read shares, over `wager_activity a`. */
const columns = sql`a.id, a.site_id, a.kind, a.at, a.wager_id, w.ticket, a.player_id,
    p.login as player, a.agent_id, g.login as agent, w.wager_type, w.sport, w.description,
    w.currency, w.risk, w.to_win,
    case when a.kind in ('graded', 'regraded') then w.amount else 0 end as amount,
    case when a.kind = 'placed' then 'open' else w.result end as result,
    w.free_play, p.watched, ${sharpSql('c')} as sharp,
    array(select k.ancestor_id from agent_closure k where k.descendant_id = a.agent_id
      order by k.depth desc) as chain`;

const joins = sql`join wagers w on w.id = a.wager_id
    join players p on p.id = a.player_id
    join agents g on g.id = a.agent_id
    left join player_clv c on c.player_id = a.player_id`;

function normal(rows: LiveDbRow[]): LiveDbRow[] {
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    wager_id: Number(r.wager_id),
    risk: Number(r.risk),
    to_win: Number(r.to_win),
    amount: Number(r.amount),
    chain: r.chain.map(Number),
  }));
}

export async function selectMaxId(db: Executor): Promise<number> {
  const [row] = await queryRows<{ max: string | number | null }>(
    db,
    sql`select max(id) as max from wager_activity`,
  );
  return Number(row?.max ?? 0);
}

/**
 * Ids past `cursor`, and ids inside the gaps the poller still waits for (ids are taken before
 * commit, so a lower one may commit after a higher one was read), in id order.
 */
export async function selectRecentIds(
  db: Executor,
  q: { cursor: number; gaps: readonly (readonly [number, number])[]; limit: number },
): Promise<number[]> {
  const late = q.gaps.map(([lo, hi]) => sql` or a.id between ${lo} and ${hi}`);
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select a.id from wager_activity a
        where a.id > ${q.cursor}${sql.join(late, sql``)}
        order by a.id limit ${q.limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** These rows, joined, in id order. */
export async function selectByIds(db: Executor, ids: readonly number[]): Promise<LiveDbRow[]> {
  if (ids.length === 0) return [];
  return normal(
    await queryRows<LiveDbRow>(
      db,
      sql`select ${columns} from wager_activity a ${joins}
          where a.id = any(${bigintArray(ids)}) order by a.id`,
    ),
  );
}

const underAgent = (siteId: number, agentId: number) =>
  sql`a.site_id = ${siteId} and a.agent_id in
    (select descendant_id from agent_closure where ancestor_id = ${agentId})`;

/** The subtree's rows after `afterId`, oldest first: what a resumed stream missed. */
export async function selectAfter(
  db: Executor,
  q: { siteId: number; agentId: number; afterId: number; limit: number },
): Promise<LiveDbRow[]> {
  return normal(
    await queryRows<LiveDbRow>(
      db,
      sql`select ${columns} from wager_activity a ${joins}
          where ${underAgent(q.siteId, q.agentId)} and a.id > ${q.afterId}
          order by a.id limit ${q.limit}`,
    ),
  );
}

export interface LatestQuery {
  siteId: number;
  agentId: number;
  /** Only under this agent (already checked to be in the subtree). */
  underId?: number | undefined;
  playerId?: number | undefined;
  sport?: string | undefined;
  wagerType?: string | undefined;
  /** Risk in the site currency at least this (to within rounding; the service checks exactly). */
  minRisk?: { amount: number; siteCurrency: string; siteDigits: number } | undefined;
  only?: 'watched' | 'sharp' | 'flagged' | undefined;
  limit: number;
}

/** The subtree's latest rows with the filters, newest first. */
export async function selectLatest(db: Executor, q: LatestQuery): Promise<LiveDbRow[]> {
  const where: SQL[] = [underAgent(q.siteId, q.agentId)];
  if (q.underId !== undefined) {
    where.push(
      sql`a.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.underId})`,
    );
  }
  if (q.playerId !== undefined) where.push(sql`a.player_id = ${q.playerId}`);
  if (q.sport !== undefined) where.push(sql`w.sport = ${q.sport}`);
  if (q.wagerType !== undefined) where.push(sql`w.wager_type = ${q.wagerType}`);
  if (q.only === 'watched') where.push(sql`p.watched`);
  if (q.only === 'sharp') where.push(sharpSql('c'));
  if (q.only === 'flagged') where.push(sql`(p.watched or ${sharpSql('c')})`);
  if (q.minRisk !== undefined) {
    const m = q.minRisk;
    where.push(
      sql`(case when w.currency = ${m.siteCurrency} then w.risk::numeric
            else w.risk * (select r.rate_to_site from currency_rates r
                           where r.site_id = a.site_id and r.code = w.currency)
                 * power(10::numeric, ${m.siteDigits}::int - (select f.minor_digits from currencies f
                                                     where f.code = w.currency))
          end) >= ${m.amount}::numeric - 1`,
    );
  }
  return normal(
    await queryRows<LiveDbRow>(
      db,
      sql`select ${columns} from wager_activity a ${joins}
          where ${sql.join(where, sql` and `)}
          order by a.id desc limit ${q.limit}`,
    ),
  );
}

/**
 * The agent's threshold for a wager's risk: its own alert setting, else the nearest agent's above
 * that sets one; null when none does.
 */
export async function selectBigRisk(db: Executor, agentId: number): Promise<number | null> {
  const [row] = await queryRows<{ wager_risk: string | number }>(
    db,
    sql`select s.wager_risk from agent_closure k
        join alert_settings s on s.agent_id = k.ancestor_id and s.wager_risk is not null
        where k.descendant_id = ${agentId}
        order by k.depth limit 1`,
  );
  return row ? Number(row.wager_risk) : null;
}

export async function selectSiteCurrency(
  db: Executor,
  siteId: number,
): Promise<{ currency: string; digits: number }> {
  const [row] = await queryRows<{ currency: string; digits: number }>(
    db,
    sql`select s.currency, c.minor_digits as digits from sites s
        join currencies c on c.code = s.currency where s.id = ${siteId}`,
  );
  if (!row) throw new Error(`site ${siteId} not found`);
  return { currency: row.currency, digits: Number(row.digits) };
}
