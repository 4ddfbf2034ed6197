// The rules of the alert settings and log (issue 19 item 4): an agent reads and sets its own, a
// parent with manageAgents a sub-agent's thresholds (never where its alerts go); the log holds the
// alerts of the caller's subtree. Thresholds are in the site's currency.
import type { AlertSettings, AlertThresholds, api, ParsedBodyOf } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { agentInScope } from '../agents/scope.ts';
import type { Clock } from '../clock.ts';
import type { WebhookSettings } from '../config.ts';
import type { Db } from '../db/query.ts';
import { ForbiddenError, ValidationError } from '../errors.ts';
import { resolvePeriod } from '../reports/period.ts';
import { namesPrivateHost } from '../webhooks/webhook-target.ts';
import * as repo from './alerts-repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function thresholds(r: {
  wager_risk: number | null;
  day_result: number | null;
  side_exposure: number | null;
  watched_wagers: boolean;
  sharp_wagers: boolean;
}): AlertThresholds {
  return {
    WagerRisk: r.wager_risk,
    DayResult: r.day_result,
    SideExposure: r.side_exposure,
    WatchedWagers: r.watched_wagers,
    SharpWagers: r.sharp_wagers,
  };
}

const hasThresholds = (t: AlertThresholds) =>
  t.WagerRisk !== null ||
  t.DayResult !== null ||
  t.SideExposure !== null ||
  t.WatchedWagers ||
  t.SharpWagers;

export function createAlertsService({
  db,
  now,
  webhooks,
}: {
  db: Db;
  now: Clock;
  webhooks: Pick<WebhookSettings, 'privateTargets'>;
}) {
  /**
   * Whether the caller may change the target's settings: its own (the agent whose view the session
   * is, acting for a sub-agent included), or a sub-agent's with manageAgents.
   */
  const editable = (auth: AgentAuth, agentId: number) =>
    agentId === auth.agentId || auth.rights.has('manageAgents');

  async function settingsOf(
    auth: AgentAuth,
    agent: { id: number; login: string },
  ): Promise<AlertSettings> {
    const [own, effective] = await Promise.all([
      repo.selectOwnSettings(db, agent.id),
      repo.selectEffectiveSettings(db, agent.id),
    ]);
    const ownThresholds = own ? thresholds(own) : null;
    const self = agent.id === auth.agentId;
    return {
      IdAgent: agent.id,
      Agent: agent.login,
      Currency: auth.siteCurrency,
      Own: ownThresholds && hasThresholds(ownThresholds) ? ownThresholds : null,
      Effective: effective ? thresholds(effective) : null,
      From: effective ? { IdAgent: effective.source_id, Agent: effective.source } : null,
      Self: self,
      // Where another agent's alerts go is its own business (a chat webhook's address is a secret).
      Email: self ? (own?.email ?? null) : null,
      WebhookUrl: self ? (own?.webhook_url ?? null) : null,
      Editable: editable(auth, agent.id),
      UpdatedAt: own ? iso(own.updated_at) : null,
    };
  }

  async function settings(auth: AgentAuth, body: ParsedBodyOf<typeof api.getAlertSettings>) {
    return settingsOf(auth, await agentInScope(db, auth, body.idAgent));
  }

  async function setSettings(
    auth: AgentAuth,
    body: ParsedBodyOf<typeof api.setAlertSettings>,
    requestId: string,
  ) {
    const agent = await agentInScope(db, auth, body.idAgent);
    const self = agent.id === auth.agentId;
    if (!editable(auth, agent.id))
      throw new ForbiddenError('right_required', { right: 'manageAgents' });
    if (!self && (body.email !== undefined || body.webhookUrl !== undefined))
      throw new ForbiddenError('alert_destinations_own');
    let webhookUrl = body.webhookUrl;
    if (webhookUrl) {
      const url = new URL(webhookUrl);
      if (url.username || url.password)
        throw new ValidationError('url_invalid', { field: 'webhookUrl' });
      if (!webhooks.privateTargets && namesPrivateHost(url))
        throw new ValidationError('webhook_url_private', { field: 'webhookUrl' });
      webhookUrl = url.href;
    }
    const own = body.own;
    // A row with every alert off says only where alerts go: its agent inherits (alert_settings).
    if (
      own &&
      body.wagerRisk === null &&
      body.dayResult === null &&
      body.sideExposure === null &&
      !body.watchedWagers &&
      !body.sharpWagers
    )
      throw new ValidationError('alert_thresholds_empty', { field: 'own' });
    await db.transaction((tx) =>
      repo.writeSettings(
        tx,
        {
          siteId: auth.siteId,
          agentId: agent.id,
          wagerRisk: own ? body.wagerRisk : null,
          dayResult: own ? body.dayResult : null,
          sideExposure: own ? body.sideExposure : null,
          watchedWagers: own && body.watchedWagers,
          sharpWagers: own && body.sharpWagers,
          email: body.email,
          webhookUrl,
          updatedBy: auth.principal,
          updatedAt: now(),
        },
        { actorId: auth.selfAgentId, requestId },
      ),
    );
    return settingsOf(auth, agent);
  }

  async function alerts(auth: AgentAuth, body: ParsedBodyOf<typeof api.getAlerts>) {
    const agent = await agentInScope(db, auth, body.idAgent);
    const range = resolvePeriod(auth.timeZone, body, now());
    const rows = await repo.selectAlertLog(db, {
      siteId: auth.siteId,
      agentId: agent.id,
      timeZone: auth.timeZone,
      startDate: range.StartDate,
      endDate: range.EndDate,
      kind: body.kind,
      limit: body.pageSize,
      offset: (body.page - 1) * body.pageSize,
    });
    return {
      ...range,
      Currency: auth.siteCurrency,
      Total: rows[0]?.total ?? 0,
      Rows: rows.map((r) => ({
        IdAlert: r.id,
        Kind: r.kind as never,
        CreatedAt: iso(r.created_at),
        IdAgent: r.agent_id,
        Agent: r.agent,
        IdPlayer: r.player_id,
        Player: r.player,
        IdWager: r.wager_id,
        Ticket: r.ticket,
        IdGame: r.event_id,
        Game: r.game,
        Side: r.side,
        Figure: r.figure,
        Threshold: r.threshold,
        WebhookStatus: r.webhook_status as never,
        WebhookAttempts: r.webhook_attempts,
        WebhookError: r.webhook_error,
      })),
    };
  }

  return { settings, setSettings, alerts };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
