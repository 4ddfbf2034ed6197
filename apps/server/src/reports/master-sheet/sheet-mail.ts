// The weekly sheets by e-mail (issue 18, decision 033): a periodic job closes each site's weeks past
// their cut-off and owes every agent that asked for it its sheet of each week closed; each mail is a
// job of pg-boss, the webhooks' queue machinery in the app's own database on either driver
// (decision 019), queued in the transaction that writes its row and retried with backoff. The row
// in sheet_mails is the log: status, attempts, last error. A closed week is frozen, so a retry
// sends the same figures.
import type { Readable } from 'node:stream';
import { ExportRequest, type Right } from '@backline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss, JobWithMetadata } from 'pg-boss';
import type { AgentAuth } from '../../auth/auth-context.ts';
import type { Clock } from '../../clock.ts';
import type { SheetMailSettings } from '../../config.ts';
import type { CurrencyService } from '../../currency/currency-service.ts';
import type { Database } from '../../db/open-database.ts';
import type { Executor } from '../../db/query.ts';
import type { ExportService } from '../../export/export-service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { failureOf, inTransaction, startJobQueue, workEach } from '../../webhooks/webhook-queue.ts';
import { selectLastClosedWeek } from './master-sheet-repository.ts';
import { createMasterSheetService } from './master-sheet-service.ts';
import { sheetMail } from './sheet-mail-message.ts';
import * as repo from './sheet-mail-repository.ts';

export const SHEET_MAIL_QUEUE = 'sheet-mail';
/** How often an idle worker looks for retries come due (they arrive without a notification). */
const POLL_SECONDS = 2;
const BATCH = 5;

interface SheetMailJob {
  mailId: number;
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The agent itself as the reader of its own sheet, without a session: the sheet and its export
 * take their scope from the agent, and the job changes nothing, so it reads view-only.
 */
function agentAuthOf(row: repo.SheetMailDbRow): AgentAuth {
  return {
    sessionId: 0,
    siteId: row.site_id,
    kind: 'agent',
    agentId: row.agent_id,
    agentLogin: row.login,
    agentName: row.name,
    selfAgentId: row.agent_id,
    principal: row.email,
    rights: new Set<Right>(['viewOnly']),
    timeZone: row.time_zone,
    siteCurrency: row.currency,
  };
}

export function createSheetMails({
  database,
  settings,
  now,
  log,
  mailer,
  exports,
  currency,
}: {
  database: Database;
  settings: SheetMailSettings;
  now: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  exports: ExportService;
  currency: CurrencyService;
}) {
  const db = database.db;
  const sheets = createMasterSheetService({ db, now, currency });
  let boss: PgBoss | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  /** Sends one mail: the sheet as the agent reads it, and its xlsx. Throws when it did not go. */
  async function send(job: JobWithMetadata<SheetMailJob>): Promise<void> {
    const row = await repo.findSheetMail(db, job.data.mailId);
    if (!row || row.status !== 'pending') return;
    try {
      const auth = agentAuthOf(row);
      const filters = { idAgent: row.agent_id, week: row.week };
      const sheet = await sheets.masterSheet(auth, filters);
      const request = ExportRequest.parse({
        report: 'masterSheet',
        format: 'xlsx',
        language: row.language,
        filters,
      });
      const file = await exports.exportFile(auth, request, log);
      const content = await bytesOf(file.body);
      await mailer.send(
        sheetMail(row.language, { siteId: row.site_id, to: row.email }, sheet, {
          filename: file.fileName,
          contentType: file.contentType,
          content,
        }),
      );
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      await repo.markAttemptFailed(db, row.id, failureOf(error), last);
      throw error;
    }
    await repo.markSent(db, row.id, now());
  }

  /** Owes each closed week's sheet to the agents that asked, and queues each mail with its row. */
  async function queueWeek(siteId: number, week: string) {
    const at = now();
    await db.transaction(async (tx) => {
      const ex = tx as unknown as Executor;
      for (const mailId of await repo.insertPendingMails(ex, siteId, week, at)) {
        await boss!.send(SHEET_MAIL_QUEUE, { mailId } satisfies SheetMailJob, {
          db: inTransaction(ex),
        });
      }
    });
  }

  /**
   * One round: each site's weeks past their cut-off are closed, and their sheets owed. The last
   * closed week is owed too, since a read of the sheet may have closed it first (decision 033).
   */
  async function round() {
    for (const siteId of await repo.selectSiteIds(db)) {
      try {
        const closed = await sheets.closeDueWeeks(siteId);
        const last = await selectLastClosedWeek(db, siteId);
        const weeks = new Set([...closed, ...(last ? [last] : [])]);
        for (const week of weeks) await queueWeek(siteId, week);
      } catch (error) {
        log.error({ err: error, siteId }, 'sheet mails: the round failed for a site');
      }
    }
  }

  /** Runs a round unless one is under way; answers when the running one ends. */
  function runRound(): Promise<void> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async start() {
      const started = await startJobQueue(database, log, SHEET_MAIL_QUEUE, {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        notify: true,
      });
      await workEach(
        started,
        SHEET_MAIL_QUEUE,
        { batchSize: BATCH, pollSeconds: POLL_SECONDS },
        send,
      );
      boss = started;
      // Once now, in the background (a long-closed site may close many weeks), then periodically.
      void runRound();
      timer = setInterval(() => void runRound(), settings.everySeconds * 1000);
      timer.unref();
    },

    async stop() {
      clearInterval(timer);
      await running;
      const was = boss;
      boss = null;
      await was?.stop({ graceful: true, timeout: 30_000 });
    },
  };
}

export type SheetMails = ReturnType<typeof createSheetMails>;
