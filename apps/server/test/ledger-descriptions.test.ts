// Ledger lines say what they are as a code and parameters (so each reader gets its own language),
// beside the English words; a line posted before codes keeps its words; exports word them in the
// file's language.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  api,
  LEDGER_DESCRIPTION_CODES,
  ledgerDescriptionText,
  type LedgerDescriptionCode,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { call, logIn, ok, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();
const RANGE = { startDate: '2026-08-01', endDate: '2026-11-22' };

interface Line {
  IdTransaction: number;
  Type: number;
  Description: string;
  DescriptionCode: LedgerDescriptionCode | null;
  DescriptionParams: Record<string, string>;
}

function expectCoded(line: Line) {
  expect(LEDGER_DESCRIPTION_CODES, line.Description).toContain(line.DescriptionCode);
  // The English words are the code's, filled from the same parameters.
  expect(
    ledgerDescriptionText({ Code: line.DescriptionCode!, Params: line.DescriptionParams }),
  ).toBe(line.Description);
}

describe('ledger line descriptions', () => {
  it('carry a code and parameters in the player history, the day drill-down and a new payment', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const history = ok<{ Rows: (Line & { Date: string })[] }>(
      await call(ctx.app, api.getPlayerHistoryReport, sub, { body: { idPlayer, ...RANGE } }),
    );
    expect(history.Rows.length).toBeGreaterThan(0);
    for (const line of history.Rows) expectCoded(line);
    const graded = history.Rows.find((r) => r.DescriptionCode === 'wager_graded')!;
    expect(graded.DescriptionParams).toEqual({
      ticket: expect.stringMatching(/^W\d{9}$/),
      result: expect.stringMatching(/^(win|loss|push|noaction)$/),
    });

    const day = ok<{ Transactions: Line[] }>(
      await call(ctx.app, api.getWeeklyBalancePlayerDailyTransactions, sub, {
        body: { idPlayer, date: graded.Date },
      }),
    );
    const same = day.Transactions.find((t) => t.IdTransaction === graded.IdTransaction)!;
    expect(same).toMatchObject({
      DescriptionCode: 'wager_graded',
      DescriptionParams: graded.DescriptionParams,
    });

    ok(
      await call(ctx.app, api.insertPlayerPayment, sub, {
        body: {
          idPlayer,
          amount: 2500,
          direction: 'receipt',
          method: 'bank',
          note: 'Partial payment',
          idempotencyKey: randomUUID(),
        },
      }),
    );
    const after = ok<{ Rows: Line[] }>(
      await call(ctx.app, api.getPlayerHistoryReport, sub, {
        body: { idPlayer, period: 0 },
      }),
    );
    const payment = after.Rows.at(-1)!;
    expect(payment).toMatchObject({
      Type: 1,
      DescriptionCode: 'payment_receipt_note',
      DescriptionParams: { method: 'bank', note: 'Partial payment' },
      Description: 'Receipt (bank): Partial payment',
    });
  });

  it('keep a line posted before codes readable by its stored words', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const [old] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`update ledger set description_code = null, description_params = null
          where id = (select min(id) from ledger where player_id = ${idPlayer})
          returning id`,
    );
    const history = ok<{ Rows: Line[] }>(
      await call(ctx.app, api.getPlayerHistoryReport, sub, { body: { idPlayer, ...RANGE } }),
    );
    const line = history.Rows.find((r) => r.IdTransaction === old!.id)!;
    expect(line.DescriptionCode).toBeNull();
    expect(line.DescriptionParams).toEqual({});
    expect(line.Description.length).toBeGreaterThan(0);
  });

  it('word the lines of a Spanish export in Spanish', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const idPlayer = await idOf(ctx.database, 'players', 'PL1001');
    const res = await call(ctx.app, api.exportReport, sub, {
      body: {
        report: 'playerHistory',
        filters: { idPlayer, ...RANGE, transactionType: 2 },
        format: 'csv',
        language: 'es',
      },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text).toMatch(/Apuesta W\d{9}: (Ganada|Perdida|Empate|Sin acción)/);
    expect(text).not.toMatch(/Wager W\d{9} (win|loss|push)/);
    // The gradings were posted by the book itself: its author is worded, never the stored "system".
    expect(text).toMatch(/,Automático\r?\n/);
    expect(text).not.toMatch(/\bsystem\b/);
  });
});
