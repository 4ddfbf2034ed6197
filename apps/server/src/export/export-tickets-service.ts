// Exports downloaded by the browser through a one-time ticket: issued to a session with the export
// asked for, spent by the download (which the browser makes by itself, so it shows progress and
// writes to disk), and followed by the screen: rows written so far, and a cancel that stops it.
import type { Readable } from 'node:stream';
import {
  EXPORT_TICKET_SECONDS,
  type ExportProgress,
  type ExportRequest,
  type ExportState,
  type Right,
} from '@backline/contract';
import type { z } from 'zod';
import type { AgentAuth, Auth } from '../auth/auth-context.ts';
import type { Db } from '../db/query.ts';
import { AppError, NotFoundError, UnauthorizedError } from '../errors.ts';
import type { FileAnswer } from './export-table.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import type { ExportService } from './export-service.ts';
import * as repo from './export-tickets-repository.ts';
import type { Log } from '../log.ts';

/**
 * How often a running download records its rows and looks for a cancel asked on another server
 * (also while its reader holds it back and no row is written).
 */
const SAVE_EVERY_MS = 500;

/** The caller as its session resolved it when the ticket was issued, stored with the ticket. */
type StoredCaller = Omit<AgentAuth, 'rights'> & { rights: Right[] };

function stored(auth: AgentAuth): StoredCaller {
  return {
    sessionId: auth.sessionId,
    siteId: auth.siteId,
    kind: auth.kind,
    agentId: auth.agentId,
    agentLogin: auth.agentLogin,
    agentName: auth.agentName,
    selfAgentId: auth.selfAgentId,
    principal: auth.principal,
    rights: [...auth.rights],
    timeZone: auth.timeZone,
    siteCurrency: auth.siteCurrency,
  };
}

const restored = (c: StoredCaller): AgentAuth => ({ ...c, rights: new Set(c.rights) });

/** The code an error body would carry, for the screen to word why an export failed. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof AppError && error.statusCode === 400 ? 'invalid_request' : 'server_error';
}

const progressOf = (row: repo.ExportDbRow): ExportProgress => ({
  IdExport: row.id,
  State: row.state as ExportState,
  Rows: row.rows,
  Code: row.error_code,
});

export function createExportTickets(deps: { db: Db; exports: ExportService; now?: () => Date }) {
  const { db, exports } = deps;
  const now = deps.now ?? (() => new Date());
  /** Downloads running on this server, so a cancel stops them at once. */
  const running = new Map<number, { stop: () => void }>();

  async function issue(
    auth: AgentAuth,
    request: z.output<typeof ExportRequest>,
  ): Promise<{ IdExport: number; Ticket: string; ExpiresAt: string }> {
    // Refusals answer here, where the screen can show them, not in the browser's download.
    await exports.check(auth, request);
    const ticket = newToken();
    const expiresAt = new Date(now().getTime() + EXPORT_TICKET_SECONDS * 1000);
    const id = await repo.insertTicket(db, {
      ticketHash: sha256(ticket),
      sessionId: auth.sessionId,
      siteId: auth.siteId,
      request,
      caller: stored(auth),
      expiresAt,
    });
    return { IdExport: id, Ticket: ticket, ExpiresAt: expiresAt.toISOString() };
  }

  /**
   * Spends the ticket and streams its file. `presenter` is the session of a Token sent along, if
   * any: a ticket answers only its own session (a browser navigation sends none).
   */
  async function download(ticket: string, presenter: Auth | null, log: Log): Promise<FileAnswer> {
    const holder = await repo.consumeTicket(
      db,
      sha256(ticket),
      now(),
      presenter?.sessionId ?? null,
    );
    if (!holder) throw new UnauthorizedError('export_ticket_invalid');
    const id = holder.id;
    let rows = 0;
    let cancelled = false;
    let failure: unknown = null;
    let saving: Promise<void> | null = null;
    let savedAt = 0;
    let body: Readable | null = null;
    let timer: NodeJS.Timeout | undefined = undefined;
    const stop = () => {
      cancelled = true;
      body?.destroy();
    };
    const save = () => {
      savedAt = Date.now();
      saving = repo
        .saveRows(db, id, rows)
        .then((asked) => {
          if (asked) stop();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'export progress not saved'))
        .finally(() => {
          saving = null;
        });
    };
    const finish = async (state: ExportState, code: string | null) => {
      clearInterval(timer);
      running.delete(id);
      await saving;
      await repo.finishExport(db, id, { state, rows, code, at: now() });
    };

    let file: FileAnswer;
    try {
      file = await exports.exportFile(
        restored(holder.caller as StoredCaller),
        holder.request as z.output<typeof ExportRequest>,
        log,
        {
          written: (count) => {
            rows = count;
            if (!saving && Date.now() - savedAt >= SAVE_EVERY_MS) save();
          },
          failed: (error) => {
            failure = error;
          },
        },
      );
    } catch (error) {
      // Refused before the first byte: the download answers the error body, the screen its code.
      await finish('failed', codeOf(error));
      throw error;
    }
    body = file.body;
    running.set(id, { stop });
    timer = setInterval(() => {
      if (!saving) save();
    }, SAVE_EVERY_MS);
    timer.unref();
    body.once('end', () => void finish('done', null));
    body.once('close', () => {
      if (body!.readableEnded) return;
      const aborted = (failure as Error | null)?.name === 'AbortError' || failure === null;
      void finish(
        cancelled ? 'cancelled' : aborted ? 'stopped' : 'failed',
        cancelled || aborted ? null : codeOf(failure),
      );
    });
    return file;
  }

  async function progress(auth: AgentAuth, idExport: number): Promise<ExportProgress> {
    const row = await repo.findExport(db, idExport, auth.sessionId);
    // Another session's export answers as one that does not exist.
    if (!row) throw new NotFoundError('export_not_found', { export: idExport });
    return progressOf(row);
  }

  async function cancel(auth: AgentAuth, idExport: number): Promise<ExportProgress> {
    const row = await repo.requestCancel(db, idExport, auth.sessionId, now());
    if (!row) throw new NotFoundError('export_not_found', { export: idExport });
    running.get(idExport)?.stop();
    return progressOf(row);
  }

  return { issue, download, progress, cancel };
}

export type ExportTickets = ReturnType<typeof createExportTickets>;
