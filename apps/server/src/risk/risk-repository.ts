// SQL of the risk worker (risk-worker.ts): its cursor over the live log, what an alert needs to know
// of a batch of activity, the alerts themselves and their bell notifications, and the pruning.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { bigintArray, intArray } from '../db/sql-arrays.ts';
import { sharpSql } from './player-clv-repository.ts';

const CURSOR_ID = 1;

/** Makes the cursor's one row when it is missing (a fresh or truncated database). */
export async function ensureCursor(db: Executor): Promise<void> {
  await db.execute(
    sql`insert into risk_cursor (id, last_id) values (${CURSOR_ID}, 0) on conflict do nothing`,
  );
}

/** Takes the cursor for this transaction, or answers null while another process holds it. */
export async function lockCursor(tx: Executor): Promise<{ last_id: number } | null> {
  const [row] = await queryRows<{ last_id: number }>(
    tx,
    sql`select last_id from risk_cursor where id = ${CURSOR_ID} for update skip locked`,
  );
  return row ?? null;
}

export async function moveCursor(tx: Executor, lastId: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update risk_cursor set last_id = greatest(last_id, ${lastId}), ran_at = ${at}
        where id = ${CURSOR_ID}`,
  );
}

export interface ActivityDbRow {
  id: number;
  site_id: number;
  player_id: number;
  wager_id: number;
  kind: string;
}

/** The log after the cursor, in id order. */
export function selectActivityAfter(
  tx: Executor,
  afterId: number,
  limit: number,
): Promise<ActivityDbRow[]> {
  return queryRows<ActivityDbRow>(
    tx,
    sql`select id, site_id, player_id, wager_id, kind from wager_activity
        where id > ${afterId} order by id limit ${limit}`,
  );
}

/**
 * Rows at or below the cursor logged in the last seconds: a transaction that took its ids before a
 * later one but committed after it became visible only now (logged_at is its start, in the
 * database's own time, as the window is).
 */
export function selectActivityLate(
  tx: Executor,
  atOrBelow: number,
  seconds: number,
  limit: number,
): Promise<ActivityDbRow[]> {
  return queryRows<ActivityDbRow>(
    tx,
    sql`select id, site_id, player_id, wager_id, kind from wager_activity
        where id <= ${atOrBelow} and logged_at > now() - make_interval(secs => ${seconds})
        order by id limit ${limit}`,
  );
}

/**
 * Whether settings row `s` holds thresholds of its own: a row with every alert off only says where
 * the agent's alerts go, and the agent inherits its ancestor's thresholds.
 */
export const HAS_THRESHOLDS = sql`(s.wager_risk is not null or s.day_result is not null
  or s.side_exposure is not null or s.watched_wagers or s.sharp_wagers)`;

/**
 * The alert settings in force for agent `agent` (an SQL expression): its own row, or its nearest
 * ancestor's. A lateral subquery: `s.*` of alert_settings, and `s.depth` how far up it was found.
 */
export function effectiveSettings(agent: SQL): SQL {
  return sql`(select s.agent_id as source_id, s.wager_risk, s.day_result, s.side_exposure,
              s.watched_wagers, s.sharp_wagers, inherit.depth
            from agent_closure inherit join alert_settings s on s.agent_id = inherit.ancestor_id
            where inherit.descendant_id = ${agent} and ${HAS_THRESHOLDS}
            order by inherit.depth limit 1)`;
}

export interface PlacedTargetDbRow {
  wager_id: number;
  site_id: number;
  player_id: number;
  player: string;
  ticket: string;
  description: string;
  currency: string;
  risk: number;
  watched: boolean;
  sharp: boolean;
  agent_id: number;
  wager_risk: number | null;
  watched_wagers: boolean;
  sharp_wagers: boolean;
}

/** Each placed wager of the batch with every agent above its player whose settings alert on wagers. */
export function selectPlacedTargets(
  tx: Executor,
  activityIds: readonly number[],
): Promise<PlacedTargetDbRow[]> {
  return queryRows<PlacedTargetDbRow>(
    tx,
    sql`select w.id as wager_id, w.site_id, w.player_id, p.login as player, w.ticket, w.description,
          w.currency, w.risk, p.watched, ${sharpSql('c')} as sharp, up.ancestor_id as agent_id,
          s.wager_risk, s.watched_wagers, s.sharp_wagers
        from (select distinct wager_id from wager_activity
              where id = any(${bigintArray(activityIds)}) and kind = 'placed') a
        join wagers w on w.id = a.wager_id
        join players p on p.id = w.player_id
        left join player_clv c on c.player_id = w.player_id
        join agent_closure up on up.descendant_id = w.agent_id
        join lateral ${effectiveSettings(sql`up.ancestor_id`)} s on true
        where s.wager_risk is not null or s.watched_wagers or s.sharp_wagers
        order by w.id, up.depth desc`,
  );
}

export interface DayTargetDbRow {
  site_id: number;
  player_id: number;
  player: string;
  currency: string;
  day: string;
  result: number;
  agent_id: number;
  day_result: number;
}

/**
 * The day's result (sports, casino, horses and rbl) of each player of the batch, on the day `at`
 * falls on in its site's time zone, with every agent above it whose settings alert on day results.
 */
export function selectDayTargets(
  tx: Executor,
  playerIds: readonly number[],
  at: Date,
): Promise<DayTargetDbRow[]> {
  return queryRows<DayTargetDbRow>(
    tx,
    sql`select p.site_id, p.id as player_id, p.login as player, p.currency, d.day::text as day,
          (d.sports + d.casino + d.horses + d.rbl)::bigint as result, up.ancestor_id as agent_id,
          s.day_result
        from players p
        join sites st on st.id = p.site_id
        join player_daily d on d.player_id = p.id
          and d.day = (${at}::timestamptz at time zone st.time_zone)::date
        join agent_closure up on up.descendant_id = p.agent_id
        join lateral ${effectiveSettings(sql`up.ancestor_id`)} s on true
        where p.id = any(${intArray(playerIds)}) and s.day_result is not null
        order by p.id, up.depth desc`,
  );
}

export interface SideCellDbRow {
  site_id: number;
  agent_id: number;
  side_exposure: number;
  event_id: number;
  game: string;
  market: string;
  prop: string;
  side: string;
  currency: string;
  to_win: number;
  stake: number;
}

/**
 * For each market a placed wager of the batch bet into, and each agent above its player whose
 * settings alert on exposure: the open book of that agent's subtree in that market, per side and
 * currency (to-win, and risk less free-play risk: what the book keeps if the side loses).
 */
export function selectSideCells(
  tx: Executor,
  activityIds: readonly number[],
): Promise<SideCellDbRow[]> {
  return queryRows<SideCellDbRow>(
    tx,
    sql`with markets as (
          select distinct w.site_id, l.event_id, l.market, position_prop(l.market, l.selection) as prop,
            up.ancestor_id as agent_id, s.side_exposure
          from (select distinct wager_id from wager_activity
                where id = any(${bigintArray(activityIds)}) and kind = 'placed') a
          join wagers w on w.id = a.wager_id and w.status = 'open'
          join wager_legs l on l.wager_id = w.id
          join agent_closure up on up.descendant_id = w.agent_id
          join lateral ${effectiveSettings(sql`up.ancestor_id`)} s on true
          where s.side_exposure is not null)
        select m.site_id, m.agent_id, m.side_exposure, m.event_id, e.away || ' @ ' || e.home as game,
          m.market, m.prop, x.side, x.currency, sum(x.to_win)::bigint as to_win,
          sum(x.risk - x.free_play_risk)::bigint as stake
        from markets m
        join events e on e.id = m.event_id
        join agent_closure sub on sub.ancestor_id = m.agent_id
        join open_exposure x on x.agent_id = sub.descendant_id and x.event_id = m.event_id
          and x.market = m.market and x.prop = m.prop
        group by m.site_id, m.agent_id, m.side_exposure, m.event_id, e.away, e.home, m.market, m.prop,
          x.side, x.currency
        order by m.agent_id, m.event_id, m.market, m.prop, x.side, x.currency`,
  );
}

export interface SiteDbRow {
  id: number;
  currency: string;
}

export function selectSites(tx: Executor, ids: readonly number[]): Promise<SiteDbRow[]> {
  return queryRows<SiteDbRow>(
    tx,
    sql`select id, currency from sites where id = any(${intArray(ids)})`,
  );
}

export interface NewAlert {
  siteId: number;
  agentId: number;
  kind: string;
  cause: string;
  playerId: number | null;
  wagerId: number | null;
  eventId: number | null;
  figure: number;
  threshold: number | null;
  details: Record<string, unknown>;
}

export interface InsertedAlertDbRow {
  id: number;
  agent_id: number;
  language: string;
  email: string | null;
  webhook_url: string | null;
}

/**
 * Raises the alerts not raised before (one per agent and cause) and answers those it raised, with
 * where the agent's own settings send them; a webhook alert starts pending.
 */
export async function insertAlerts(
  tx: Executor,
  alerts: readonly NewAlert[],
  at: Date,
): Promise<InsertedAlertDbRow[]> {
  if (alerts.length === 0) return [];
  const values = alerts.map(
    (a) =>
      sql`(${a.siteId}::int, ${a.agentId}::int, ${a.kind}, ${a.cause}, ${a.playerId}::int,
        ${a.wagerId}::bigint, ${a.eventId}::int, ${a.figure}::bigint, ${a.threshold}::bigint,
        ${JSON.stringify(a.details)}::jsonb)`,
  );
  return queryRows<InsertedAlertDbRow>(
    tx,
    sql`with v (site_id, agent_id, kind, cause, player_id, wager_id, event_id, figure, threshold,
            details) as (values ${sql.join(values, sql`, `)}),
        raised as (
          insert into alerts as n (site_id, agent_id, kind, cause, player_id, wager_id, event_id,
            figure, threshold, details, webhook_status, created_at)
          select v.site_id, v.agent_id, v.kind, v.cause, v.player_id, v.wager_id, v.event_id,
            v.figure, v.threshold, v.details,
            case when own.webhook_url is null then 'none' else 'pending' end, ${at}
          from v left join alert_settings own on own.agent_id = v.agent_id
          order by v.agent_id, v.cause
          on conflict (agent_id, cause) do nothing
          returning n.id, n.agent_id)
        select r.id, r.agent_id, ag.language, own.email, own.webhook_url
        from raised r join agents ag on ag.id = r.agent_id
        left join alert_settings own on own.agent_id = r.agent_id
        order by r.id`,
  );
}

/** The bell's notification of an alert: addressed to its agent alone, from the platform. */
export async function insertAlertNotification(
  tx: Executor,
  q: { alertId: number; siteId: number; agentId: number; title: string; body: string },
): Promise<void> {
  await tx.execute(
    sql`with made as (
          insert into notifications (site_id, agent_id, include_subtree, title, body)
          values (${q.siteId}, ${q.agentId}, false, ${q.title}, ${q.body}) returning id)
        update alerts set notification_id = (select id from made) where id = ${q.alertId}`,
  );
}

export interface AlertDeliveryDbRow {
  id: number;
  site_id: number;
  agent_id: number;
  kind: string;
  figure: number;
  threshold: number | null;
  details: Record<string, unknown>;
  webhook_status: string;
  language: string;
  email: string | null;
  webhook_url: string | null;
}

/** An alert with its agent's language and own destinations, as a delivery job reads it. */
export async function findAlertForDelivery(
  db: Executor,
  id: number,
): Promise<AlertDeliveryDbRow | undefined> {
  const [row] = await queryRows<AlertDeliveryDbRow>(
    db,
    sql`select n.id, n.site_id, n.agent_id, n.kind, n.figure, n.threshold, n.details,
          n.webhook_status, ag.language, own.email, own.webhook_url
        from alerts n join agents ag on ag.id = n.agent_id
        left join alert_settings own on own.agent_id = n.agent_id
        where n.id = ${id}`,
  );
  return row;
}

export async function markWebhook(
  db: Executor,
  id: number,
  q: { status: 'pending' | 'sent' | 'failed'; error: string | null },
): Promise<void> {
  await db.execute(
    sql`update alerts set webhook_status = ${q.status}, webhook_error = ${q.error},
          webhook_attempts = webhook_attempts + 1
        where id = ${id}`,
  );
}

/**
 * Drops the live log's rows older than `days` (in the database's time, as logged_at is) that the
 * worker has passed, and the open book's sides left with no wagers (per agent and per site).
 * Answers how many of each went.
 */
export async function prune(
  db: Executor,
  days: number,
): Promise<{ activity: number; exposure: number }> {
  const [row] = await queryRows<{ activity: number; exposure: number }>(
    db,
    sql`with a as (
          delete from wager_activity where logged_at < now() - make_interval(days => ${days})
            and id <= (select coalesce(max(last_id), 0) from risk_cursor) returning 1),
        x as (delete from open_exposure where wagers = 0 returning 1),
        s as (delete from open_exposure_site where wagers = 0 returning 1)
        select (select count(*) from a)::int as activity,
          ((select count(*) from x) + (select count(*) from s))::int as exposure`,
  );
  return row!;
}
