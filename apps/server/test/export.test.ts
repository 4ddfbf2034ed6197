// Exports read back with an xlsx reader and compared, cell by cell, with the rows the reports' own
// endpoints answer with: amounts exact to the cent and numeric, days and instants as dates in the
// site's time zone, totals equal to the sums; the csv likewise; and every refusal of the reports.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import {
  api,
  EXPORT_REPORTS,
  type ExportRequest,
  type PlayerHistoryResponse,
  type Wager,
  type WagerPage,
  type WeeklyBalanceResponse,
} from '@backline/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/query.ts';
import { cursorRows } from '../src/db/cursor.ts';
import { LABELS, ledgerLineText } from '../src/export/export-labels.ts';
import { enteredBy } from '../src/export/export-columns.ts';
import { anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();
const TZ = 'America/New_York';
const WEEK = { startDate: '2026-11-09', endDate: '2026-11-15' };
const HEADER_ROW = 6;

async function exported(caller: Caller, body: ExportRequest): Promise<LightMyRequestResponse> {
  return call(ctx.app, api.exportReport, caller, { body });
}

async function sheetOf(res: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** The data rows under the header, up to the first totals row, each keyed by its header label. */
function table(sheet: ExcelJS.Worksheet) {
  const header = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1).map(String);
  const rows: Map<string, ExcelJS.Cell>[] = [];
  const totals: Map<string, ExcelJS.Cell>[] = [];
  for (let r = HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = new Map(header.map((label, i) => [label, row.getCell(i + 1)]));
    if (String(row.getCell(1).value ?? '').startsWith('Total')) totals.push(cells);
    else rows.push(cells);
  }
  return { header, rows, totals };
}

/** The symbol the reader's language writes for a currency ("$", "CA$", "MXN", "US$" ...). */
function symbolOf(currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency })
    .formatToParts(1)
    .find((p) => p.type === 'currency')!.value;
}

function expectMoney(
  cell: ExcelJS.Cell | undefined,
  cents: number,
  what: string,
  money: { currency: string; locale?: string } = { currency: 'USD' },
) {
  expect(cell?.type, what).toBe(ExcelJS.ValueType.Number);
  expect(cell?.value, what).toBe(cents / 100);
  expect(cell?.numFmt, what).toContain(`${symbolOf(money.currency, money.locale ?? 'en-US')}`);
  expect(cell?.numFmt, what).toContain('#,##0.00');
}

function expectText(cell: ExcelJS.Cell | undefined, text: string, what: string) {
  if (text === '') expect(cell?.value ?? null, what).toBeNull();
  else expect(cell?.value, what).toBe(text);
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** An instant's wall-clock time in the site's zone, as a Date whose UTC fields show it. */
function inSiteZone(instant: string): Date {
  const at = new Date(instant);
  const p = Object.fromEntries(wallClock.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return new Date(
    Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!, at.getUTCMilliseconds()),
  );
}

function expectInstant(cell: ExcelJS.Cell | undefined, instant: string | null, what: string) {
  if (instant === null) return expect(cell?.value ?? null, what).toBeNull();
  expect(cell?.type, what).toBe(ExcelJS.ValueType.Date);
  expect((cell?.value as Date).getTime(), what).toBe(inSiteZone(instant).getTime());
  expect(cell?.numFmt, what).toBe('yyyy-mm-dd hh:mm');
}

/** Per currency, the totals row's money cells equal the sums of the rows' cells and of the API. */
function expectTotals(
  t: ReturnType<typeof table>,
  columns: string[],
  sums: Map<string, Record<string, number>>,
) {
  expect(t.totals.map((r) => r.get(t.header[0]!)!.value)).toEqual(
    [...sums.keys()].sort().map((c) => `Total ${c}`),
  );
  for (const totals of t.totals) {
    const currency = String(totals.get(t.header[0]!)!.value).slice('Total '.length);
    const mine = t.rows.filter((r) => r.get('Currency')!.value === currency);
    for (const column of columns) {
      const fromCells = mine.reduce(
        (a, r) => a + Math.round(Number(r.get(column)!.value) * 100),
        0,
      );
      expectMoney(totals.get(column), fromCells, `total ${currency} ${column}`, { currency });
      expect(fromCells, `API total ${currency} ${column}`).toBe(sums.get(currency)![column]);
      expect(totals.get(column)!.font?.bold).toBe(true);
    }
  }
}

async function gradedPages(caller: Caller, query: Record<string, unknown>) {
  const rows: Wager[] = [];
  for (let page = 1; ; page++) {
    const res = ok<WagerPage>(
      await call(ctx.app, api.getGradedBetsReport, caller, {
        query: { ...query, page, pageSize: 500 },
      }),
    );
    rows.push(...res.Rows);
    if (rows.length >= res.TotalRows) return { rows, totals: res.Totals };
  }
}

/** The tables that list what stands now: their files carry no period, whatever the answer echoes. */
const AS_OF_NOW = new Set<ExportRequest['report']>(['playerStanding', 'openBets', 'players']);

describe('Export as xlsx', () => {
  it('gives the weekly balance cell for cell, in Spanish, under a title block and a frozen header', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const report = ok<WeeklyBalanceResponse>(
      await call(ctx.app, api.weeklyBalance, ag1, { body: { period: 3 } }),
    );
    expect(report.Rows.length).toBeGreaterThan(10);
    const res = await exported(ag1, {
      report: 'weeklyBalance',
      filters: { period: 3 },
      format: 'xlsx',
      language: 'es',
    });
    expect(res.headers['content-disposition']).toContain(
      `weekly-balance_AG1_${report.StartDate}_${report.EndDate}.xlsx`,
    );
    const sheet = await sheetOf(res);
    expect(sheet.getCell('A1').value).toBe('Balance semanal');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(String(sheet.getCell('A2').value)).toMatch(/^Agente: AG1/);
    expect(String(sheet.getCell('A3').value)).toMatch(/^Periodo: /);
    expect(String(sheet.getCell('A4').value)).toMatch(/^Exportado el: .*\(America\/New_York\)$/);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    const header = (sheet.getRow(HEADER_ROW).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['Jugador', 'Nombre', 'Agente', 'Moneda', 'Saldo inicial']);
    expect(header[5]).toMatch(/^Lun /);
    expect(header.slice(-4)).toEqual(['Semana', 'Pagos', 'Ajustes', 'Saldo final']);
    expect(sheet.getRow(HEADER_ROW).getCell(1).font?.bold).toBe(true);
    for (let c = 1; c <= header.length; c++) {
      expect(sheet.getColumn(c).width).toBeGreaterThanOrEqual(String(header[c - 1]).length);
    }

    const es = (currency: string) => ({ currency, locale: 'es-ES' });
    const money = [
      'Carry',
      'D0',
      'D1',
      'D2',
      'D3',
      'D4',
      'D5',
      'D6',
      'Week',
      'Payments',
      'Adjustments',
      'Ending',
    ];
    const pick = (r: WeeklyBalanceResponse['Rows'][number]) => [
      r.Carry,
      ...r.Days,
      r.WeekTotal,
      r.Payments,
      r.Adjustments,
      r.Ending,
    ];
    const dataRows = sheet.getRows(HEADER_ROW + 1, report.Rows.length)!;
    report.Rows.forEach((r, i) => {
      const row = dataRows[i]!;
      const what = `${r.Player} row ${row.number}`;
      expectText(row.getCell(1), r.Player, what);
      expectText(row.getCell(2), r.Name, what);
      expectText(row.getCell(3), r.Agent, what);
      expectText(row.getCell(4), r.Currency, what);
      pick(r).forEach((cents, k) =>
        expectMoney(row.getCell(5 + k), cents, `${what} ${money[k]}`, es(r.Currency)),
      );
    });
    const totalRows = sheet.getRows(HEADER_ROW + 1 + report.Rows.length, report.Totals.length)!;
    report.Totals.forEach((t, i) => {
      const row = totalRows[i]!;
      expect(row.getCell(1).value).toBe(`Total ${t.Currency}`);
      const sums = [t.Carry, ...t.Days, t.WeekTotal, t.Payments, t.Adjustments, t.Ending];
      sums.forEach((cents, k) => {
        const rows = report.Rows.filter((r) => r.Currency === t.Currency);
        expect(cents).toBe(rows.reduce((a, r) => a + pick(r)[k]!, 0));
        expectMoney(row.getCell(5 + k), cents, `total ${t.Currency} ${money[k]}`, es(t.Currency));
      });
    });
    expect(sheet.rowCount).toBe(HEADER_ROW + report.Rows.length + report.Totals.length);
  });

  it('gives every graded wager of a week in the list\u2019s order, instants in the site\u2019s zone', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const query = { ...WEEK, sort: 'risk', dir: 'asc' } as const;
    const api$ = await gradedPages(sub, query);
    expect(api$.rows.length).toBeGreaterThan(20);
    const t = table(
      await sheetOf(await exported(sub, { report: 'gradedBets', filters: query, format: 'xlsx' })),
    );
    expect(t.header).toEqual([
      'Ticket',
      'Placed',
      'Graded',
      'Player',
      'Name',
      'Agent',
      'Currency',
      'Wager type',
      'Sport',
      'Description',
      'Result',
      'Free play',
      'Risk',
      'To win',
      'Result amount',
    ]);
    expect(t.rows.length).toBe(api$.rows.length);
    api$.rows.forEach((w, i) => {
      const row = t.rows[i]!;
      const what = `${w.Ticket}`;
      expectText(row.get('Ticket'), w.Ticket, what);
      expectInstant(row.get('Placed'), w.PlacedAt, `${what} placed`);
      expectInstant(row.get('Graded'), w.GradedAt, `${what} graded`);
      expectText(row.get('Player'), w.Player, what);
      expectText(row.get('Currency'), w.Currency, what);
      expectText(row.get('Description'), w.Description, what);
      const currency = { currency: w.Currency };
      expectMoney(row.get('Risk'), w.Risk, `${what} risk`, currency);
      expectMoney(row.get('To win'), w.ToWin, `${what} to win`, currency);
      expectMoney(row.get('Result amount'), w.Amount, `${what} amount`, currency);
    });
    const sums = new Map(
      api$.totals.map((x) => [
        x.Currency,
        { Risk: x.Risk, 'To win': x.ToWin, 'Result amount': x.Amount } as Record<string, number>,
      ]),
    );
    expectTotals(t, ['Risk', 'To win', 'Result amount'], sums);
  });

  it('gives a player\u2019s history with its running balance and a total of the amounts', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const filters = { idPlayer, startDate: '2026-10-01', endDate: '2026-11-15' };
    const report = ok<PlayerHistoryResponse>(
      await call(ctx.app, api.getPlayerHistoryReport, sub, { body: filters }),
    );
    expect(report.Rows.length).toBeGreaterThan(5);
    const sheet = await sheetOf(
      await exported(sub, { report: 'playerHistory', filters, format: 'xlsx' }),
    );
    expect(String(sheet.getCell('A2').value)).toMatch(/^Player: PL1001/);
    const t = table(sheet);
    expect(t.header).toEqual([
      'Date',
      'Type',
      'Description',
      'Amount',
      'Balance after',
      'Free play after',
      'Wager ID',
      'Entered by',
    ]);
    expect(t.rows.length).toBe(report.Rows.length);
    const own = { currency: report.Player.Currency };
    const types: Record<number, string> = {
      1: 'Payment',
      2: 'Wager',
      3: 'Adjustment',
      4: 'Free play',
      5: 'Casino',
      6: 'Horses',
      7: 'RBL',
    };
    report.Rows.forEach((r, i) => {
      const row = t.rows[i]!;
      const what = `#${r.IdTransaction}`;
      expectInstant(row.get('Date'), r.CreatedAt, what);
      expectText(row.get('Type'), types[r.Type]!, what);
      // Worded from the line's code in the file's language (the stored words only for old lines).
      expectText(row.get('Description'), ledgerLineText(LABELS.en, r), what);
      expectMoney(row.get('Amount'), r.Amount, `${what} amount`, own);
      expectMoney(row.get('Balance after'), r.BalanceAfter, `${what} balance`, own);
      expectMoney(row.get('Free play after'), r.FreePlayAfter, `${what} free play`, own);
      if (r.IdWager === null) expect(row.get('Wager ID')!.value ?? null).toBeNull();
      else expect(row.get('Wager ID')!.value).toBe(r.IdWager);
      expectText(row.get('Entered by'), enteredBy(LABELS.en, r.CreatedBy), what);
    });
    const amount = report.Totals.reduce((a, x) => a + x.Amount, 0);
    expect(t.totals).toHaveLength(1);
    expectMoney(t.totals[0]!.get('Amount'), amount, 'total amount', own);
    expect(Math.round(Number(t.totals[0]!.get('Amount')!.value) * 100)).toBe(
      report.Rows.reduce((a, r) => a + r.Amount, 0),
    );
    expect(t.totals[0]!.get('Balance after')!.value ?? null).toBeNull();
  });

  it('exports every report table, each with the rows its endpoint answers with', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const period = { startDate: WEEK.startDate, endDate: WEEK.endDate };
    const cases: [ExportRequest['report'], Record<string, unknown>, (body: never) => number][] = [
      ['weeklyBalance', { period: 3 }, (b: { Rows: unknown[] }) => b.Rows.length],
      [
        'newWeeklyBalance',
        { period: 3 },
        (b: { Blocks: { Players: unknown[] }[] }) =>
          b.Blocks.reduce((a, x) => a + x.Players.length, 0),
      ],
      ['playerStanding', {}, (b: { Rows: unknown[] }) => b.Rows.length],
      ['playerHistory', { idPlayer, ...period }, (b: { Rows: unknown[] }) => b.Rows.length],
      ['playerPayments', period, (b: { Rows: unknown[] }) => b.Rows.length],
      ['agentPayments', { period: 6 }, (b: { Rows: unknown[] }) => b.Rows.length],
      ['subAgentPayments', period, (b: { Rows: unknown[] }) => b.Rows.length],
      ['cashFlow', period, (b: { Rows: unknown[] }) => b.Rows.length],
      ['openBets', {}, (b: { TotalRows: number }) => b.TotalRows],
      ['gradedBets', period, (b: { TotalRows: number }) => b.TotalRows],
      [
        'changedBets',
        { startDate: '2026-08-01', endDate: '2026-11-18' },
        (b: { Rows: unknown[] }) => b.Rows.length,
      ],
      ['beatTheLine', period, (b: { Players: unknown[] }) => b.Players.length],
      ['actionByPlayer', period, (b: { Rows: unknown[] }) => b.Rows.length],
      ['agentTree', {}, () => -1],
      ['players', {}, (b: { TotalRows: number }) => b.TotalRows],
      ['masterSheet', {}, (b: { Rows: unknown[] }) => b.Rows.length],
      ['hold', { period: 6, groupBy: 'player' }, (b: { Rows: unknown[] }) => b.Rows.length],
      ['auditLog', { period: 6, pageSize: 500 }, (b: { Rows: unknown[] }) => b.Rows.length],
      [
        'position',
        {},
        (b: { Games: { Markets: { Sides: unknown[] }[] }[] }) =>
          b.Games.reduce((a, g) => a + g.Markets.reduce((n, m) => n + m.Sides.length, 0), 0),
      ],
      [
        'sharedDevices',
        { period: 6 },
        (b: { Groups: { Players: unknown[] }[] }) =>
          b.Groups.reduce((a, g) => a + g.Players.length, 0),
      ],
    ];
    expect(cases.map(([r]) => r).sort()).toEqual([...EXPORT_REPORTS].sort());
    const endpoints = {
      weeklyBalance: api.weeklyBalance,
      newWeeklyBalance: api.newWeeklyBalance,
      playerStanding: api.playerStanding,
      playerHistory: api.getPlayerHistoryReport,
      playerPayments: api.getPlayerPayments,
      agentPayments: api.getAgentPayment,
      subAgentPayments: api.getReportAgentPayment,
      cashFlow: api.cashFlowReport,
      openBets: api.getOpenBets,
      gradedBets: api.getGradedBetsReport,
      changedBets: api.getChangedBetsReport,
      beatTheLine: api.getBeatTheLineFrame,
      actionByPlayer: api.getActionByPlayer,
      agentTree: api.getAgentPlayerTree,
      players: api.getPlayers,
      masterSheet: api.getMasterSheet,
      hold: api.getHold,
      auditLog: api.getAuditLog,
      position: api.getPosition,
      sharedDevices: api.getSharedDevices,
    } as const;
    for (const [report, filters, rowsOf] of cases) {
      const e = endpoints[report];
      const input = e.method === 'GET' ? { query: filters } : { body: filters };
      const answer = ok<never>(await call(ctx.app, e, master, input));
      const res = await exported(master, { report, filters, format: 'xlsx' } as ExportRequest);
      // A file is named for the period its answer covers; a list as of now, for the day it is made.
      const echoed = answer as { StartDate?: string; EndDate?: string };
      if (echoed.StartDate && echoed.EndDate && echoed.StartDate !== echoed.EndDate) {
        const span = `_${echoed.StartDate}_${echoed.EndDate}.xlsx`;
        if (AS_OF_NOW.has(report))
          expect(res.headers['content-disposition'], report).not.toContain(span);
        else expect(res.headers['content-disposition'], report).toContain(span);
      }
      const t = table(await sheetOf(res));
      const expected = rowsOf(answer);
      if (expected >= 0) expect(t.rows.length, report).toBe(expected);
      else expect(t.rows.length, report).toBeGreaterThan(300);
      expect(t.header.length, report).toBeGreaterThan(4);
    }
  });

  it('totals the tree\u2019s players per currency to the top agent\u2019s own figures', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const tree = ok<{
      Root: { Figures: { Currency: string; ThisWeek: number; Balance: number; Players: number }[] };
    }>(await call(ctx.app, api.getAgentPlayerTree, ag1, { query: {} }));
    const t = table(
      await sheetOf(await exported(ag1, { report: 'agentTree', filters: {}, format: 'xlsx' })),
    );
    const players = t.rows.filter((r) => r.get('Kind')!.value === 'Player');
    expect(players.length).toBe(tree.Root.Figures.reduce((a, f) => a + f.Players, 0));
    expect(t.rows[0]!.get('Login')!.value).toBe('AG1');
    for (const f of tree.Root.Figures) {
      const row = t.totals.find((r) => r.get('Kind')!.value === `Total ${f.Currency}`)!;
      expect(Math.round(Number(row.get('Balance')!.value) * 100)).toBe(f.Balance);
      expect(Math.round(Number(row.get('This week')!.value) * 100)).toBe(f.ThisWeek);
    }
  });
});

/** RFC 4180 records of a CSV text. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return records;
}

describe('Export as csv', () => {
  it('gives the same graded wagers with a byte-order mark, plain decimals and site times', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const api$ = await gradedPages(sub, WEEK);
    const res = await exported(sub, { report: 'gradedBets', filters: WEEK, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('.csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...records] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header![0]).toBe('Ticket');
    expect(header).toContain('Graded (America/New_York)');
    expect(header).not.toContain('Placed');
    const col = (name: string) => header!.indexOf(name);
    expect(records.length).toBe(api$.rows.length + api$.totals.length);
    const cents = (v: string) => {
      expect(v).toMatch(/^-?\d+\.\d{2}$/);
      return Math.round(Number(v) * 100);
    };
    api$.rows.forEach((w, i) => {
      const r = records[i]!;
      expect(r[col('Ticket')]).toBe(w.Ticket);
      // Times are the site's wall clock, and the column says which zone that is.
      expect(r[col('Placed (America/New_York)')]).toBe(
        inSiteZone(w.PlacedAt).toISOString().slice(0, 16).replace('T', ' '),
      );
      expect(cents(r[col('Risk')]!)).toBe(w.Risk);
      expect(cents(r[col('Result amount')]!)).toBe(w.Amount);
    });
    for (const t of api$.totals) {
      const r = records.find((x) => x[0] === `Total ${t.Currency}`)!;
      expect(cents(r[col('Risk')]!)).toBe(t.Risk);
      expect(cents(r[col('Result amount')]!)).toBe(t.Amount);
    }
  });

  it('defuses text that would run as a formula, and keeps it as plain text in the xlsx', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const note = '=HYPERLINK("http://x.test","pay, now")';
    ok(
      await call(ctx.app, api.insertPlayerPayment, sub, {
        body: {
          idPlayer,
          amount: 500,
          direction: 'receipt',
          method: 'cash',
          note,
          idempotencyKey: randomUUID(),
        },
      }),
    );
    const filters = { idPlayer, period: 0 };
    const csv = await exported(sub, { report: 'playerPayments', filters, format: 'csv' });
    const records = parseCsv(csv.rawPayload.toString('utf8').slice(1));
    const noteAt = records[0]!.indexOf('Note');
    expect(records.some((r) => r[noteAt] === `'${note}`)).toBe(true);
    const t = table(
      await sheetOf(await exported(sub, { report: 'playerPayments', filters, format: 'xlsx' })),
    );
    const cell = t.rows.map((r) => r.get('Note')!).find((c) => c.value === note)!;
    expect(cell.type).toBe(ExcelJS.ValueType.String);
  });
});

describe('Export refusals', () => {
  it('answers 401 without a session and 403 to a player', async () => {
    const body: ExportRequest = { report: 'weeklyBalance', filters: {}, format: 'xlsx' };
    expect((await exported(await anonymous(ctx.app), body)).statusCode).toBe(401);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await exported(player, body)).statusCode).toBe(403);
  });

  it('answers 400 to an unknown report, format or language, and to bad filters', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const bad: [unknown, string][] = [
      [{ report: 'everything', filters: {}, format: 'xlsx' }, 'report'],
      [{ report: 'weeklyBalance', filters: {}, format: 'pdf' }, 'format'],
      [{ report: 'weeklyBalance', filters: {}, format: 'xlsx', language: 'fr' }, 'language'],
      [{ report: 'gradedBets', filters: {}, format: 'csv' }, 'startDate'],
      [
        {
          report: 'gradedBets',
          filters: { startDate: '2026-11-15', endDate: '2026-11-09' },
          format: 'csv',
        },
        'endDate',
      ],
      [
        {
          report: 'gradedBets',
          filters: { startDate: '2025-01-01', endDate: '2026-11-15' },
          format: 'csv',
        },
        '370 days',
      ],
      [{ report: 'playerHistory', filters: { idPlayer: 'x' }, format: 'xlsx' }, 'idPlayer'],
    ];
    for (const [body, words] of bad) {
      const res = await call(ctx.app, api.exportReport, sub, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { Params, Message } = res.json() as { Params: { field?: string }; Message: string };
      expect(`${Params.field ?? ''} ${Message}`, JSON.stringify(body)).toContain(words);
    }
  });

  it('answers 404 for an agent or player outside the caller\u2019s subtree, as for a missing one', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const outside = await idOf(ctx.database, 'players', 'PL1001');
    const ag2sub = await logIn(ctx.app, 'AG2', 'demo-agent');
    for (const body of [
      { report: 'weeklyBalance', filters: { idAgent: ag2 }, format: 'xlsx' },
      { report: 'gradedBets', filters: { idAgent: ag2, ...WEEK }, format: 'csv' },
      { report: 'agentTree', filters: { idAgent: ag2 }, format: 'xlsx' },
    ] as ExportRequest[]) {
      expect((await exported(sub, body)).statusCode, body.report).toBe(404);
    }
    const history = await exported(ag2sub, {
      report: 'playerHistory',
      filters: { idPlayer: outside, ...WEEK },
      format: 'xlsx',
    });
    expect(history.statusCode).toBe(404);
  });

  it('shows another site nothing: 404 for its player and its agent, its own rows only', async () => {
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const history = await exported(master2, {
      report: 'playerHistory',
      filters: { idPlayer: pl, ...WEEK },
      format: 'csv',
    });
    expect(history.statusCode).toBe(404);
    const weekly = await exported(master2, {
      report: 'weeklyBalance',
      filters: { idAgent: ag1 },
      format: 'xlsx',
    });
    expect(weekly.statusCode).toBe(404);
    const own = ok<WeeklyBalanceResponse>(
      await call(ctx.app, api.weeklyBalance, master2, { body: { period: 3 } }),
    );
    const t = table(
      await sheetOf(
        await exported(master2, {
          report: 'weeklyBalance',
          filters: { period: 3 },
          format: 'xlsx',
        }),
      ),
    );
    expect(t.rows.map((r) => r.get('Player')!.value).sort()).toEqual(
      own.Rows.map((r) => r.Player).sort(),
    );
    expect(t.rows.some((r) => r.get('Player')!.value === 'PL1001')).toBe(false);
  });
});

describe('the cursor the wager lists are exported through', () => {
  const openCursors = async () =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from pg_cursors where name like 'cursor_%'`,
      )
    )[0]!.n;

  it('reads every row once, in order, a chunk at a time, after telling how many there are', async () => {
    let counted = -1;
    const chunks: number[][] = [];
    for await (const rows of cursorRows<{ i: number }>(
      ctx.database.db,
      sql`select i from generate_series(1, ${2501}) i order by i`,
      1000,
      (n) => (counted = n),
    ))
      chunks.push(rows.map((r) => r.i));
    expect(counted).toBe(2501);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 501]);
    expect(chunks.flat()).toEqual(Array.from({ length: 2501 }, (_, i) => i + 1));
    expect(await openCursors()).toBe(0);
  });

  it('closes the cursor when the count is refused or the reader stops early', async () => {
    const refused = cursorRows(
      ctx.database.db,
      sql`select 1 from generate_series(1, 50)`,
      10,
      (n) => {
        if (n > 20) throw new Error(`${n} rows are too many`);
      },
    );
    await expect(refused.next()).rejects.toThrow('50 rows are too many');
    expect(await openCursors()).toBe(0);
    for await (const rows of cursorRows(
      ctx.database.db,
      sql`select 1 from generate_series(1, 50)`,
      10,
    )) {
      expect(rows).toHaveLength(10);
      break;
    }
    expect(await openCursors()).toBe(0);
  });
});
