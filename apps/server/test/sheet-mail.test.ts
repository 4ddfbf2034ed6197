// The weekly sheets by e-mail (issue 18 item 6, decision 033): once the clock passes a week's
// cut-off, the job closes it and a real SMTP peer receives the sheet of each agent that asked for
// it, in its language, with the xlsx of the same figures attached; an agent that did not ask gets
// nothing; a peer down for the first attempt gets the mail once, on the retry. The job runs on the
// app's own queue machinery, beside the webhooks' queue, on whichever driver the suite runs.
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  addDays,
  api,
  formatMoney,
  localDate,
  mondayOf,
  type MasterSheetResponse,
} from '@backline/contract';
import { buildApp } from '../src/app.ts';
import { selectSheetMailLog } from '../src/reports/master-sheet/sheet-mail-repository.ts';
import { LABELS, LOCALES } from '../src/export/export-labels.ts';
import { call, logIn, ok, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { TEST_SEED } from './seed-options.ts';
import { smtpPeer, type Received } from './smtp-peer.ts';

// The clock stands still at the demo's now and moves only when a test moves it past a cut-off.
let at = TEST_SEED.now.getTime();
const clock = () => new Date(at);
const ctx = useTestApp({}, { now: clock });

const THIS_WEEK = mondayOf(localDate(TEST_SEED.now, 'America/New_York'));
const NEXT_WEEK = addDays(THIS_WEEK, 7);
const HEADER_ROW = 6;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ids: Record<string, number> = {};
beforeAll(async () => {
  for (const login of ['AG1', 'AG2']) ids[login] = await idOf(ctx.database, 'agents', login, 1);
});

const as = (login: string) => logIn(ctx.app, login, 'demo-agent');

const sheetOf = async (login: string, body: { idAgent?: number; week?: string }) =>
  ok<MasterSheetResponse>(await call(ctx.app, api.getMasterSheet, await as(login), { body }));

/** An app with the sheet mails on (and the webhooks' queue beside them), mailing to `smtpUrl`. */
function appMailingTo(smtpUrl: string, retryLimit = ctx.config.sheetMails.retryLimit) {
  return buildApp({
    config: {
      ...ctx.config,
      smtpUrl,
      webhooks: { ...ctx.config.webhooks, enabled: true },
      sheetMails: { ...ctx.config.sheetMails, enabled: true, retryDelaySeconds: 1, retryLimit },
    },
    database: ctx.database,
    now: clock,
  });
}

/** The log of the week's mails on site 1, as the repository reads it. */
const mailLog = (week: string) => selectSheetMailLog(ctx.database.db, 1, week);

/** Waits until the week's one mail has left pending as `status`; answers its log. */
async function settled(week: string, status = 'sent') {
  await expect
    .poll(async () => (await mailLog(week)).map((r) => r.status), { timeout: 30_000 })
    .toEqual([status]);
  return mailLog(week);
}

/** A MIME part of the mail by its content type, its body decoded (base64 or quoted-printable). */
function partOf(raw: string, contentType: string): Buffer {
  const start = raw.search(
    new RegExp(`Content-Type:\\s+${contentType.replace(/[.+]/g, '\\$&')}`, 'i'),
  );
  expect(start, contentType).toBeGreaterThan(-1);
  const headEnd = raw.indexOf('\r\n\r\n', start);
  const head = raw.slice(start, headEnd);
  const body = raw.slice(headEnd + 4, raw.indexOf('\r\n--', headEnd));
  if (/Content-Transfer-Encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(body, 'latin1');
}

/** The mail's subject, its encoded words (RFC 2047) decoded. */
function subjectOf(raw: string): string {
  const folded = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)![1]!;
  return folded
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, how: string, text: string) =>
      how.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .replace(/\r\n[ \t]/g, ' ');
}

/** The sheet's data rows read back from the xlsx: each agent's login and balance forward in cents. */
async function xlsxRows(file: Buffer, language: 'en' | 'es') {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const columns = LABELS[language].columns;
  const header = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1).map(String);
  const agentAt = header.indexOf(columns.agent) + 1;
  const balanceAt = header.indexOf(columns.balanceForward) + 1;
  expect(agentAt).toBeGreaterThan(0);
  expect(balanceAt).toBeGreaterThan(0);
  const rows: { agent: string; balanceForward: number }[] = [];
  for (let r = HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const agent = String(row.getCell(agentAt).value ?? '');
    if (agent.startsWith(LABELS[language].title.total)) continue;
    const cell = row.getCell(balanceAt);
    expect(cell.type, agent).toBe(ExcelJS.ValueType.Number);
    rows.push({ agent, balanceForward: Math.round(Number(cell.value) * 100) });
  }
  return rows;
}

/** What the mail must hold: the sheet's rows in the xlsx and its totals in the HTML summary. */
async function expectSheetMail(mail: Received, sheet: MasterSheetResponse, language: 'en' | 'es') {
  const file = partOf(mail.raw, XLSX);
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(await xlsxRows(file, language)).toEqual(
    sheet.Rows.map((r) => ({ agent: r.Agent, balanceForward: r.BalanceForward })),
  );
  const html = partOf(mail.raw, 'text/html').toString('utf8');
  const money = (minor: number) => formatMoney(minor, sheet.Currency, LOCALES[language]);
  for (const r of sheet.Rows) expect(html).toContain(`>${r.Agent}<`);
  expect(html).toContain(money(sheet.Totals.BalanceForward));
  expect(html).toContain(money(sheet.Totals.Owed));
  expect(html).toContain(LABELS[language].columns.balanceForward);
  expect(sheet.Own).not.toBeNull();
  expect(html).toContain(money(sheet.Own!.BalanceForward));
}

describe('the weekly sheet by e-mail', () => {
  it('sends the closed week to an agent that asked, its xlsx holding the same rows', async () => {
    // Closed up to last week at the demo's now; AG1 asks for its sheet, AG2 does not.
    const open = await sheetOf('AG1', { week: THIS_WEEK });
    expect(open.Closed).toBe(false);
    ok(await call(ctx.app, api.setSheetEmail, await as('AG1'), { body: { enabled: true } }));
    expect((await sheetOf('AG2', { week: THIS_WEEK })).EmailWeekly).toBe(false);
    expect(await mailLog(THIS_WEEK)).toEqual([]);

    at = Date.parse(open.ClosesAt) + 60_000;
    const peer = await smtpPeer({ encoding: 'latin1' });
    const app = await appMailingTo(peer.url);
    try {
      const [logged] = await settled(THIS_WEEK);
      expect(logged).toMatchObject({ login: 'AG1', status: 'sent', attempts: 1, last_error: null });
      expect(logged!.sent_at).not.toBeNull();
      expect(peer.received).toHaveLength(1);
      const mail = peer.received[0]!;
      expect(mail.to).toEqual(['ag1@demo.backline.test']);
      expect(subjectOf(mail.raw)).toMatch(/^Master sheet: AG1, Nov /);

      const sheet = await sheetOf('AG1', { week: THIS_WEEK });
      expect(sheet.Closed).toBe(true);
      expect(sheet.Rows.length).toBeGreaterThan(0);
      expect(sheet.Rows.some((r) => r.BalanceForward !== 0)).toBe(true);
      await expectSheetMail(mail, sheet, 'en');
    } finally {
      await app.close();
      await peer.close();
    }
    // Nothing more for the week: one mail, one row.
    expect(peer.received).toHaveLength(1);
    expect(await mailLog(THIS_WEEK)).toHaveLength(1);
  });

  it('retries a mail the SMTP peer refused and sends it once, in the agent’s language', async () => {
    ok(await call(ctx.app, api.setAgentLanguage, await as('AG1'), { body: { Language: 'es' } }));
    const open = await sheetOf('AG1', { week: NEXT_WEEK });
    expect(open.Closed).toBe(false);
    at = Date.parse(open.ClosesAt) + 60_000;
    const peer = await smtpPeer({ refuse: (n) => n === 1, encoding: 'latin1' });
    const app = await appMailingTo(peer.url);
    try {
      const [logged] = await settled(NEXT_WEEK);
      expect(logged).toMatchObject({ login: 'AG1', status: 'sent', attempts: 2 });
      expect(logged!.last_error).toContain('421');
      expect(peer.received).toHaveLength(1);
      const mail = peer.received[0]!;
      expect(mail.to).toEqual(['ag1@demo.backline.test']);
      expect(subjectOf(mail.raw)).toMatch(/^Hoja maestra: AG1, \d+ nov /);
      await expectSheetMail(mail, await sheetOf('AG1', { week: NEXT_WEEK }), 'es');
    } finally {
      await app.close();
      await peer.close();
    }
    expect(peer.received).toHaveLength(1);
  });

  it('leaves a mail failed in the log once its retries are spent', async () => {
    const week = addDays(NEXT_WEEK, 7);
    const open = await sheetOf('AG1', { week });
    at = Date.parse(open.ClosesAt) + 60_000;
    const peer = await smtpPeer({ refuse: () => true, encoding: 'latin1' });
    const app = await appMailingTo(peer.url, 1);
    try {
      const [logged] = await settled(week, 'failed');
      expect(logged).toMatchObject({ login: 'AG1', attempts: 2, sent_at: null });
      expect(logged!.last_error).toContain('421');
      expect(peer.received).toEqual([]);
    } finally {
      await app.close();
      await peer.close();
    }
    // Never an agent that did not ask.
    const everyone = await selectSheetMailLog(ctx.database.db, 1, null);
    expect(everyone.map((r) => r.week)).toEqual([addDays(NEXT_WEEK, 7), NEXT_WEEK, THIS_WEEK]);
    expect(new Set(everyone.map((r) => r.agent_id))).toEqual(new Set([ids.AG1]));
    expect(await selectSheetMailLog(ctx.database.db, 2, null)).toEqual([]);
  });
});
