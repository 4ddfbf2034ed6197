// Exports through a one-time ticket (issue 14 item 12): the browser downloads Export/{ticket} by
// itself, so no session token travels in a URL; the ticket is single-use, expires, answers only
// its own session; the file streams row by row, its progress is told, and a cancel stops it.
import { get, type IncomingMessage } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  api,
  EXPORT_TICKET_SECONDS,
  type ExportProgress,
  type ExportRequest,
} from '@backline/contract';
import { idOf } from './db-helpers.ts';
import {
  anonymous,
  call,
  logIn,
  ok,
  testClock,
  urlOf,
  useTestApp,
  type Caller,
} from './helpers.ts';

let offset = 0;
const ctx = useTestApp({}, { now: () => new Date(testClock().getTime() + offset) });
const WEEK = { startDate: '2026-11-09', endDate: '2026-11-15' };
const GRADED_WEEK: ExportRequest = { report: 'gradedBets', filters: WEEK, format: 'csv' };

async function ticketFor(caller: Caller, request: ExportRequest = GRADED_WEEK) {
  return ok<{ IdExport: number; Ticket: string; ExpiresAt: string }>(
    await call(ctx.app, api.exportTicket, caller, { body: request }),
  );
}

/** The download as a browser makes it: a GET of the ticket's URL with no Token (or with `as`). */
const download = (ticket: string, as?: Caller) =>
  ctx.app.inject({
    method: 'GET',
    url: urlOf(api.exportDownload, { exportTicket: ticket }),
    headers: as?.authorization ? { authorization: as.authorization } : {},
  });

const progressOf = async (caller: Caller, idExport: number) =>
  ok<ExportProgress>(await call(ctx.app, api.getExportProgress, caller, { query: { idExport } }));

describe('export tickets', () => {
  it('download the same file as the export, once, with the rows counted', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const direct = await call(ctx.app, api.exportReport, sub, { body: GRADED_WEEK });
    expect(direct.statusCode).toBe(200);
    const issued = await ticketFor(sub);
    expect(issued.Ticket.length).toBeGreaterThan(20);
    expect(Date.parse(issued.ExpiresAt) - testClock().getTime() - offset).toBeLessThanOrEqual(
      EXPORT_TICKET_SECONDS * 1000,
    );
    expect(await progressOf(sub, issued.IdExport)).toMatchObject({ State: 'waiting', Rows: 0 });

    const file = await download(issued.Ticket);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="graded-wagers_/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-length']).toBeUndefined();
    expect(file.body).toBe(direct.body);
    const dataRows = file.body.split('\r\n').filter((l) => /^W\d{9},/.test(l)).length;
    expect(dataRows).toBeGreaterThan(20);
    await expect
      .poll(() => progressOf(sub, issued.IdExport))
      .toEqual({
        IdExport: issued.IdExport,
        State: 'done',
        Rows: dataRows,
        Code: null,
      });

    // Single use: the same URL again is refused, and so is one never issued.
    expect((await download(issued.Ticket)).statusCode).toBe(401);
    expect((await download('not-a-ticket')).statusCode).toBe(401);
  });

  it('expire after a minute', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const issued = await ticketFor(sub);
    offset += (EXPORT_TICKET_SECONDS + 1) * 1000;
    try {
      expect((await download(issued.Ticket)).statusCode).toBe(401);
    } finally {
      offset -= (EXPORT_TICKET_SECONDS + 1) * 1000;
    }
    expect((await progressOf(sub, issued.IdExport)).State).toBe('waiting');
  });

  it('answer only their own session, and tell no other session about the export', async () => {
    const mine = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const other = await logIn(ctx.app, 'AG1SUB', 'demo-sub'); // same agent, another session
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.exportTicket, player, { body: GRADED_WEEK })).statusCode).toBe(
      403,
    );
    const issued = await ticketFor(mine);
    expect((await download(issued.Ticket, other)).statusCode).toBe(401);
    expect((await download(issued.Ticket, master)).statusCode).toBe(401);
    expect((await download(issued.Ticket, player)).statusCode).toBe(401);
    for (const stranger of [other, master]) {
      const seen = await call(ctx.app, api.getExportProgress, stranger, {
        query: { idExport: issued.IdExport },
      });
      expect(seen.statusCode).toBe(404);
      const stopped = await call(ctx.app, api.exportCancel, stranger, {
        body: { idExport: issued.IdExport },
      });
      expect(stopped.statusCode).toBe(404);
    }
    // Those refusals did not spend it: its own session (or a plain navigation) still downloads.
    expect((await download(issued.Ticket, mine)).statusCode).toBe(200);
    // A ticket needs a session, and the export's own checks still apply to its filters.
    const nobody = await anonymous(ctx.app);
    expect((await call(ctx.app, api.exportTicket, nobody, { body: GRADED_WEEK })).statusCode).toBe(
      401,
    );
    const bad = await call(ctx.app, api.exportTicket, mine, {
      body: { ...GRADED_WEEK, format: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answer a refusal of the report when asked for, not in the browser\u2019s download', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    const refused = await call(ctx.app, api.exportTicket, sub, {
      body: { report: 'gradedBets', filters: { ...WEEK, idAgent: master }, format: 'csv' },
    });
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.json().Ticket).toBeUndefined();
  });

  it('stream row by row as the reader takes them, tell the rows so far, and stop on cancel', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const issued = await ticketFor(master, {
      report: 'gradedBets',
      filters: { startDate: '2026-08-24', endDate: '2026-11-15' },
      format: 'csv',
    });
    // A local socket: the kernel holds a few hundred kilobytes for a reader that stops, where
    // loopback TCP would swallow this whole test export.
    const socketPath = join(mkdtempSync(join(tmpdir(), 'backline-export-')), 'app.sock');
    await ctx.app.listen({ path: socketPath });
    const path = urlOf(api.exportDownload, { exportTicket: issued.Ticket });
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ socketPath, path }, resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    // Read the first bytes, then stop reading: the server may write only what the reader takes.
    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    response.pause();
    expect(first.toString('utf8')).toContain('Ticket');
    await expect
      .poll(async () => (await progressOf(master, issued.IdExport)).Rows, { timeout: 20_000 })
      .toBeGreaterThan(0);
    // Held back by the paused reader: still running, far from the end, and not moving on.
    await new Promise((r) => setTimeout(r, 2000));
    const held = await progressOf(master, issued.IdExport);
    await new Promise((r) => setTimeout(r, 1500));
    const later = await progressOf(master, issued.IdExport);
    expect(later.State).toBe('running');
    expect(later.Rows).toBe(held.Rows);
    const total = await call(ctx.app, api.getGradedBetsReport, master, {
      query: { startDate: '2026-08-24', endDate: '2026-11-15', pageSize: 1 },
    });
    const totalRows = (JSON.parse(total.body) as { TotalRows: number }).TotalRows;
    expect(later.Rows).toBeLessThan(totalRows);
    // What the reader has been given is what the count says, give or take one slice of rows.
    let received = first.toString('utf8');
    for (let chunk: Buffer | null; (chunk = response.read() as Buffer | null);)
      received += chunk.toString('utf8');
    const rowsReceived = received.split('\r\n').filter((l) => /^W\d{9},/.test(l)).length;
    expect(rowsReceived).toBeLessThanOrEqual(later.Rows);

    const ended = new Promise<boolean>((resolve) => {
      response.once('close', () => resolve(response.complete));
      response.once('error', () => resolve(false));
    });
    ok(await call(ctx.app, api.exportCancel, master, { body: { idExport: issued.IdExport } }));
    response.resume();
    expect(await ended).toBe(false); // broken off, not a whole file
    await expect
      .poll(async () => (await progressOf(master, issued.IdExport)).State)
      .toBe('cancelled');
    console.log(`export streamed ${later.Rows} of ${totalRows} rows while its reader paused`);
  });
});
