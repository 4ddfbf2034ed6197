// A voided graded win reads as a void (issue 14): the changed bets' "After" says Void with nothing
// posted, and the graded list and its exports say Void, not Win.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, shownResult, type ChangedBet, type WagerPage } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { call, logIn, ok, useTestApp } from './helpers.ts';

const ctx = useTestApp();

/** The data records of a csv export, keyed by its header (the byte-order mark dropped). */
function csvRecords(body: string): Record<string, string>[] {
  const [header, ...lines] = body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
  const names = split(header!);
  return lines.map((l) => Object.fromEntries(split(l).map((v, i) => [names[i], v])));
}

describe('a voided graded win', () => {
  it('reads as Void in the changed bets, the graded list and their exports', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const [w] = await queryRows<{
      id: number;
      ticket: string;
      player_id: number;
      amount: number;
      graded_day: string;
    }>(
      ctx.database.db,
      sql`select w.id, w.ticket, w.player_id, w.amount, w.graded_day::text as graded_day
          from wagers w join agents a on a.id = w.agent_id
          where a.login = 'AG1SUB' and w.status = 'graded' and w.result = 'win'
            and w.graded_day between '2026-11-09' and '2026-11-15' and not w.free_play
          order by w.id limit 1`,
    );
    expect(w!.amount).toBeGreaterThan(0);
    ok(
      await call(ctx.app, api.wagerDelete, sub, {
        body: { idWager: w!.id, reason: 'Graded on the wrong score' },
      }),
    );

    const changes = { startDate: '2026-11-01', endDate: '2026-11-30', status: 'deleted' };
    const changed = ok<{ Rows: ChangedBet[] }>(
      await call(ctx.app, api.getChangedBetsReport, sub, { query: changes }),
    ).Rows.find((r) => r.IdWager === w!.id)!;
    expect(changed.Before).toMatchObject({ Status: 'graded', Result: 'win', Amount: w!.amount });
    expect(changed.After).toMatchObject({ Status: 'deleted', Result: 'void', Amount: 0 });
    expect(changed.Amount).toBe(-w!.amount);

    const day = { startDate: w!.graded_day, endDate: w!.graded_day, idPlayer: w!.player_id };
    const graded = ok<WagerPage>(
      await call(ctx.app, api.getGradedBetsReport, sub, { query: { ...day, pageSize: 500 } }),
    ).Rows.find((r) => r.IdWager === w!.id)!;
    expect(graded.Deleted).toBe(true);
    expect(shownResult(graded)).toBe('void');

    const gradedCsv = csvRecords(
      (
        await call(ctx.app, api.exportReport, sub, {
          body: { report: 'gradedBets', filters: day, format: 'csv' },
        })
      ).body,
    );
    expect(gradedCsv.find((r) => r.Ticket === w!.ticket)?.Result).toBe('Void');
    const changedCsv = csvRecords(
      (
        await call(ctx.app, api.exportReport, sub, {
          body: { report: 'changedBets', filters: changes, format: 'csv', language: 'es' },
        })
      ).body,
    );
    const row = changedCsv.find((r) => Object.values(r).includes(w!.ticket))!;
    expect(row['Resultado antes']).toBe('Ganada');
    expect(row['Resultado después']).toBe('Anulada');
  });
});
