// SQL of the alert settings and the alert log (the calls of contract calls/alerts.ts).
import { audit } from '../security/audit-repository.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { effectiveSettings } from './risk-repository.ts';

export interface SettingsDbRow {
  wager_risk: number | null;
  day_result: number | null;
  side_exposure: number | null;
  watched_wagers: boolean;
  sharp_wagers: boolean;
  email: string | null;
  webhook_url: string | null;
  updated_at: Date | string;
}

export interface EffectiveDbRow {
  source_id: number;
  source: string;
  wager_risk: number | null;
  day_result: number | null;
  side_exposure: number | null;
  watched_wagers: boolean;
  sharp_wagers: boolean;
}

export async function selectOwnSettings(
  db: Executor,
  agentId: number,
): Promise<SettingsDbRow | undefined> {
  const [row] = await queryRows<SettingsDbRow>(
    db,
    sql`select wager_risk, day_result, side_exposure, watched_wagers, sharp_wagers, email,
          webhook_url, updated_at from alert_settings where agent_id = ${agentId}`,
  );
  return row;
}

/** The thresholds in force for the agent and whose they are (itself or its nearest ancestor). */
export async function selectEffectiveSettings(
  db: Executor,
  agentId: number,
): Promise<EffectiveDbRow | undefined> {
  const [row] = await queryRows<EffectiveDbRow>(
    db,
    sql`select s.source_id, a.login as source, s.wager_risk, s.day_result, s.side_exposure,
          s.watched_wagers, s.sharp_wagers
        from ${effectiveSettings(sql`${agentId}::int`)} s join agents a on a.id = s.source_id`,
  );
  return row;
}

export interface SettingsWrite {
  siteId: number;
  agentId: number;
  wagerRisk: number | null;
  dayResult: number | null;
  sideExposure: number | null;
  watchedWagers: boolean;
  sharpWagers: boolean;
  /** Undefined: the destinations stay as they are. */
  email: string | null | undefined;
  webhookUrl: string | null | undefined;
  updatedBy: string;
  updatedAt: Date;
}

/**
 * Writes the agent's row, and drops it when it then says nothing (no thresholds, no destinations):
 * the agent inherits. Recorded in the audit log with before and after.
 */
export async function writeSettings(
  tx: Executor,
  w: SettingsWrite,
  by: { actorId: number; requestId: string },
): Promise<void> {
  const before = await selectOwnSettings(tx, w.agentId);
  const keep = (value: string | null | undefined, old: string | null | undefined) =>
    value === undefined ? (old ?? null) : value;
  const email = keep(w.email, before?.email);
  const webhookUrl = keep(w.webhookUrl, before?.webhook_url);
  const empty =
    w.wagerRisk === null &&
    w.dayResult === null &&
    w.sideExposure === null &&
    !w.watchedWagers &&
    !w.sharpWagers &&
    email === null &&
    webhookUrl === null;
  if (empty) {
    await tx.execute(sql`delete from alert_settings where agent_id = ${w.agentId}`);
  } else {
    await tx.execute(
      sql`insert into alert_settings (agent_id, site_id, wager_risk, day_result, side_exposure,
            watched_wagers, sharp_wagers, email, webhook_url, updated_by, updated_at)
          values (${w.agentId}, ${w.siteId}, ${w.wagerRisk}, ${w.dayResult}, ${w.sideExposure},
            ${w.watchedWagers}, ${w.sharpWagers}, ${email}, ${webhookUrl}, ${w.updatedBy},
            ${w.updatedAt})
          on conflict (agent_id) do update set wager_risk = excluded.wager_risk,
            day_result = excluded.day_result, side_exposure = excluded.side_exposure,
            watched_wagers = excluded.watched_wagers, sharp_wagers = excluded.sharp_wagers,
            email = excluded.email, webhook_url = excluded.webhook_url,
            updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    );
  }
  const after = await selectOwnSettings(tx, w.agentId);
  // The destinations are recorded as set or not: a chat webhook's address is its secret.
  const summary = (r: SettingsDbRow | undefined) =>
    r
      ? {
          wagerRisk: r.wager_risk,
          dayResult: r.day_result,
          sideExposure: r.side_exposure,
          watchedWagers: r.watched_wagers,
          sharpWagers: r.sharp_wagers,
          email: r.email,
          webhook: r.webhook_url !== null,
        }
      : null;
  await audit(tx, {
    siteId: w.siteId,
    actorKind: 'agent',
    actorId: by.actorId,
    action: 'alert_settings.set',
    targetKind: 'agent',
    targetId: w.agentId,
    details: { before: summary(before), after: summary(after) },
    requestId: by.requestId,
  });
}

export interface AlertLogDbRow {
  id: number;
  kind: string;
  created_at: Date | string;
  agent_id: number;
  agent: string;
  player_id: number | null;
  player: string | null;
  wager_id: number | null;
  ticket: string | null;
  event_id: number | null;
  game: string | null;
  side: string | null;
  figure: number;
  threshold: number | null;
  webhook_status: string;
  webhook_attempts: number;
  webhook_error: string | null;
  total: number;
}

/** The alerts of the agents under `agentId` (itself included) in the site's days, newest first. */
export function selectAlertLog(
  db: Executor,
  q: {
    siteId: number;
    agentId: number;
    timeZone: string;
    startDate: string;
    endDate: string;
    kind: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<AlertLogDbRow[]> {
  return queryRows<AlertLogDbRow>(
    db,
    sql`select n.id, n.kind, n.created_at, n.agent_id, a.login as agent, n.player_id,
          p.login as player, n.wager_id, w.ticket, n.event_id, e.away || ' @ ' || e.home as game,
          coalesce(n.details->>'Side', n.details->>'Direction') as side, n.figure, n.threshold,
          n.webhook_status, n.webhook_attempts, n.webhook_error, (count(*) over ())::int as total
        from agent_closure c
        join alerts n on n.agent_id = c.descendant_id
        join agents a on a.id = n.agent_id
        left join players p on p.id = n.player_id
        left join wagers w on w.id = n.wager_id
        left join events e on e.id = n.event_id
        where c.ancestor_id = ${q.agentId} and n.site_id = ${q.siteId}
          and n.created_at >= (${q.startDate}::date)::timestamp at time zone ${q.timeZone}
          and n.created_at < (${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone}
          ${q.kind ? sql`and n.kind = ${q.kind}` : sql``}
        order by n.created_at desc, n.id desc
        limit ${q.limit} offset ${q.offset}`,
  );
}
