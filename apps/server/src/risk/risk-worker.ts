// The risk worker (issue 19, decision 034): in every server process, about once a second, one
// process at a time (the cursor row taken FOR UPDATE SKIP LOCKED) follows the live log
// (wager_activity): it refreshes the CLV score of players whose grades arrived, raises each agent's
// alerts once per cause, and moves the cursor, all in one transaction. Ids are taken before commit,
// so the log is read again a short window back; everything is idempotent (a score recomputed, an
// alert inserted ON CONFLICT DO NOTHING), so reading a row twice is harmless. A raised alert is a
// bell notification in the same transaction; its e-mail and chat webhook are jobs on the queue
// machinery (decision 019), queued in that transaction and retried with backoff.
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { RiskWorkerSettings, WebhookSettings } from '../config.ts';
import { createCurrencyService, type Converter } from '../currency/currency-service.ts';
import type { Database } from '../db/open-database.ts';
import type { Db, Executor } from '../db/query.ts';
import type { Mailer } from '../mail/mailer.ts';
import { failureOf, inTransaction, startJobQueue, workEach } from '../webhooks/webhook-queue.ts';
import { resolvesPrivate } from '../webhooks/webhook-target.ts';
import { alertChatText, alertMail, alertWords, type AlertDetails } from './alert-messages.ts';
import { playersWithPricedLegs, refreshPlayerClv } from './player-clv-repository.ts';
import * as repo from './risk-repository.ts';

export const ALERT_QUEUE = 'risk-alert';
/** Log rows one round follows at most; a longer backlog is the next rounds'. */
const BATCH = 2000;
/** How often the worker prunes the log and the empty sides of the open book. */
const PRUNE_EVERY_MS = 60_000;
const POLL_SECONDS = 2;
/** What the log says of a wager that can move its player's CLV score: its legs enter or leave. */
const SCORE_MOVES = new Set(['graded', 'regraded', 'voided']);

interface AlertJob {
  alertId: number;
  channel: 'mail' | 'webhook';
}

export interface RoundResult {
  /** False when another process held the cursor. */
  ran: boolean;
  /** Log rows followed (new and late). */
  activity: number;
  /** Players whose CLV score was recomputed: those of wagers settled or voided with a closing price. */
  scored: number;
  /** Alerts raised (new causes). */
  raised: number;
  /** The cursor after the round. */
  cursor: number;
}

export function createRiskWorker({
  database,
  settings,
  webhooks,
  now,
  log,
  mailer,
}: {
  database: Database;
  settings: RiskWorkerSettings;
  /** The chat webhook's timeout and whether private targets are allowed: the platform's rules. */
  webhooks: Pick<WebhookSettings, 'timeoutMs' | 'privateTargets'>;
  now: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
}) {
  const db = database.db;
  let boss: PgBoss | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RoundResult> | null = null;
  let prunedAt = 0;
  /** Late rows this process followed already, by id: a row seen once is not worded again. */
  const seen = new Set<number>();

  /** The alerts of a batch: what crossed, for every agent whose settings in force ask. */
  async function alertsOf(
    tx: Executor,
    rows: repo.ActivityDbRow[],
    at: Date,
  ): Promise<repo.NewAlert[]> {
    const ids = rows.map((r) => r.id);
    const out: repo.NewAlert[] = [];
    const placed = rows.some((r) => r.kind === 'placed');
    // One after another: a transaction is one connection, which runs one query at a time.
    const targets = placed ? await repo.selectPlacedTargets(tx, ids) : [];
    const cells = placed ? await repo.selectSideCells(tx, ids) : [];
    const days = await repo.selectDayTargets(tx, [...new Set(rows.map((r) => r.player_id))], at);
    const siteIds = new Set([...targets, ...cells, ...days].map((r) => r.site_id));
    if (siteIds.size === 0) return out;
    // Rates read in the round's transaction (PGlite has one connection: another would wait on it).
    const currency = createCurrencyService({ db: tx as Db });
    const converters = new Map<number, Converter>();
    for (const site of await repo.selectSites(tx, [...siteIds]))
      converters.set(site.id, await currency.converterOf(site.id, site.currency));
    const toSite = (siteId: number, amount: number, from: string) =>
      converters.get(siteId)!.convert(amount, from);
    const siteCurrency = (siteId: number) => converters.get(siteId)!.currency;

    for (const t of targets) {
      const risk = toSite(t.site_id, t.risk, t.currency);
      const base = {
        siteId: t.site_id,
        agentId: t.agent_id,
        playerId: t.player_id,
        wagerId: t.wager_id,
        eventId: null,
        figure: risk,
      };
      const details: AlertDetails = {
        Currency: siteCurrency(t.site_id),
        Player: t.player,
        Ticket: t.ticket,
        Description: t.description,
      };
      // Each alert a wager may raise: whether it does, what it is caused by, and its threshold.
      const raised = [
        ['wager_risk', t.wager_risk !== null && risk >= t.wager_risk, 'wager', t.wager_risk],
        ['watched_wager', t.watched_wagers && t.watched, 'watched', null],
        ['sharp_wager', t.sharp_wagers && t.sharp, 'sharp', null],
      ] as const;
      for (const [kind, on, cause, threshold] of raised) {
        if (on) out.push({ ...base, kind, cause: `${cause}:${t.wager_id}`, threshold, details });
      }
    }

    for (const d of days) {
      const result = toSite(d.site_id, d.result, d.currency);
      const direction = result >= d.day_result ? 'win' : result <= -d.day_result ? 'loss' : null;
      if (!direction) continue;
      out.push({
        siteId: d.site_id,
        agentId: d.agent_id,
        kind: 'day_result',
        cause: `day:${d.player_id}:${d.day}:${direction}`,
        playerId: d.player_id,
        wagerId: null,
        eventId: null,
        figure: result,
        threshold: d.day_result,
        details: {
          Currency: siteCurrency(d.site_id),
          Player: d.player,
          Day: d.day,
          Direction: direction,
        },
      });
    }

    // Each market of each agent: the book's result if each side wins, in the site's currency.
    const markets = new Map<string, repo.SideCellDbRow[]>();
    for (const c of cells) {
      const key = `${c.agent_id}\u0000${c.event_id}\u0000${c.market}\u0000${c.prop}`;
      const list = markets.get(key);
      if (list) list.push(c);
      else markets.set(key, [c]);
    }
    for (const list of markets.values()) {
      const first = list[0]!;
      const sides = new Map<string, { toWin: number; stake: number }>();
      for (const c of list) {
        const s = sides.get(c.side) ?? { toWin: 0, stake: 0 };
        s.toWin += toSite(c.site_id, c.to_win, c.currency);
        s.stake += toSite(c.site_id, c.stake, c.currency);
        sides.set(c.side, s);
      }
      const stakes = [...sides.values()].reduce((sum, s) => sum + s.stake, 0);
      for (const [side, s] of sides) {
        const result = -s.toWin + (stakes - s.stake);
        if (result > -first.side_exposure) continue;
        out.push({
          siteId: first.site_id,
          agentId: first.agent_id,
          kind: 'side_exposure',
          cause: `side:${first.event_id}:${first.market}:${first.prop}:${side}`,
          playerId: null,
          wagerId: null,
          eventId: first.event_id,
          figure: result,
          threshold: first.side_exposure,
          details: {
            Currency: siteCurrency(first.site_id),
            Game: first.game,
            Market: first.market,
            Prop: first.prop,
            Side: side,
          },
        });
      }
    }
    return out;
  }

  /** Raises the new ones: each gets its bell notification, and its e-mail and webhook jobs. */
  async function raise(tx: Executor, alerts: repo.NewAlert[], at: Date): Promise<number> {
    const raised = await repo.insertAlerts(tx, alerts, at);
    for (const r of raised) {
      const row = (await repo.findAlertForDelivery(tx, r.id))!;
      const words = alertWords(r.language, {
        kind: row.kind,
        figure: row.figure,
        threshold: row.threshold,
        details: row.details as unknown as AlertDetails,
      });
      await repo.insertAlertNotification(tx, {
        alertId: r.id,
        siteId: row.site_id,
        agentId: r.agent_id,
        ...words,
      });
      const jobs: AlertJob[] = [];
      if (r.email) jobs.push({ alertId: r.id, channel: 'mail' });
      if (r.webhook_url) jobs.push({ alertId: r.id, channel: 'webhook' });
      for (const job of jobs)
        if (boss) await boss.send(ALERT_QUEUE, job, { db: inTransaction(tx) });
    }
    return raised.length;
  }

  /** One round; answers what it did (nothing when another process holds the cursor). */
  async function round(): Promise<RoundResult> {
    const at = now();
    await repo.ensureCursor(db);
    const result = await db.transaction(async (tx) => {
      const cursor = await repo.lockCursor(tx);
      if (!cursor) return { ran: false, activity: 0, scored: 0, raised: 0, cursor: 0, ids: [] };
      const fresh = await repo.selectActivityAfter(tx, cursor.last_id, BATCH);
      const late = (
        await repo.selectActivityLate(tx, cursor.last_id, settings.lookBackSeconds, BATCH)
      ).filter((r) => !seen.has(r.id));
      const rows = [...late, ...fresh];
      const last = fresh.length > 0 ? fresh[fresh.length - 1]!.id : cursor.last_id;
      let scored = 0;
      let raised = 0;
      if (rows.length > 0) {
        const settled = rows.filter((r) => SCORE_MOVES.has(r.kind)).map((r) => r.wager_id);
        const rescored = await playersWithPricedLegs(tx, [...new Set(settled)]);
        // Scores first: a wager placed in the same batch as its player's grades reads the new one.
        await refreshPlayerClv(tx, rescored, at);
        scored = rescored.length;
        raised = await raise(tx, await alertsOf(tx, rows, at), at);
      }
      await repo.moveCursor(tx, last, at);
      return {
        ran: true,
        activity: rows.length,
        scored,
        raised,
        cursor: last,
        ids: rows.map((r) => r.id),
      };
    });
    for (const id of result.ids ?? []) seen.add(id);
    // Ids far below the cursor can no longer come back late.
    if (seen.size > BATCH * 10)
      for (const id of seen) if (id <= result.cursor - BATCH * 5) seen.delete(id);
    if (result.ran && at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await repo.prune(db, settings.activityKeepDays);
    }
    const { ids: _ids, ...answer } = result;
    return answer;
  }

  /** Runs a round unless this process has one under way; answers the running one's result. */
  function runOnce(): Promise<RoundResult> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  /** Posts the chat message; throws when the target refused it or is not allowed. */
  async function postWebhook(row: repo.AlertDeliveryDbRow): Promise<void> {
    const url = new URL(row.webhook_url!);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('url_invalid');
    if (!webhooks.privateTargets && (await resolvesPrivate(url)))
      throw new Error('webhook_url_private');
    const text = alertChatText(row.language, {
      kind: row.kind,
      figure: row.figure,
      threshold: row.threshold,
      details: row.details as unknown as AlertDetails,
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      redirect: 'manual',
      signal: AbortSignal.timeout(webhooks.timeoutMs),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
  }

  async function deliver(job: JobWithMetadata<AlertJob>): Promise<void> {
    const row = await repo.findAlertForDelivery(db, job.data.alertId);
    if (!row) return;
    const alert = {
      kind: row.kind,
      figure: row.figure,
      threshold: row.threshold,
      details: row.details as unknown as AlertDetails,
    };
    if (job.data.channel === 'mail') {
      // The address may have been cleared since: then nothing is owed.
      if (row.email) await mailer.send(alertMail(row.language, row.site_id, row.email, alert));
      return;
    }
    if (row.webhook_status === 'sent' || !row.webhook_url) return;
    try {
      await postWebhook(row);
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      await repo.markWebhook(db, row.id, {
        status: last ? 'failed' : 'pending',
        error: failureOf(error),
      });
      throw error;
    }
    await repo.markWebhook(db, row.id, { status: 'sent', error: null });
  }

  return {
    runOnce,

    /** Starts the delivery jobs' queue and the rounds (every `intervalMs`). */
    async start() {
      const started = await startJobQueue(database, log, ALERT_QUEUE, {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        notify: true,
      });
      await workEach(started, ALERT_QUEUE, { batchSize: 10, pollSeconds: POLL_SECONDS }, deliver);
      boss = started;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => log.error({ err: error }, 'risk worker: round failed'));
      }, settings.intervalMs);
      timer.unref();
    },

    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      const was = boss;
      boss = null;
      await was?.stop({ graceful: true, timeout: webhooks.timeoutMs + 1000 });
    },
  };
}

export type RiskWorker = ReturnType<typeof createRiskWorker>;
