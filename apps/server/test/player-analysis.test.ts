// A player's analysis (issue 17): handle, net, hold, wagers graded and CLV score for the lifetime,
// this year and this month, and per week, on a player of the test's own whose wagers the platform
// feed placed and graded at known instants; the net as the ledger, the history and the weekly
// rollup have it, the CLV score as beat the line gives it.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  platformApi,
  type BeatTheLinePlayer,
  type PlayerAccount,
  type PlayerAnalysis,
  type PlayerHistoryResponse,
} from '@backline/contract';
import { anonymous, call, logIn, ok, testClock, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { sendFeed, type FeedKey } from './security/feed-send.ts';

const ctx = useTestApp();

const PLAYER = 'ANALYSIS1';
/** A player with no wager at all. */
const QUIET = 'ANALYSIS2';
let idPlayer: number;
let master: Caller;

// The demo's now is Wednesday 2026-11-18 (site 1: America/New_York): this month is November,
// this week starts on Monday 2026-11-16, and the 12 weeks on 2026-08-31.
const at = (day: string, hour = 16) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;

let seq = 0;
const event = (Type: string, OccurredAt: string, Data: object) => ({
  EventId: `analysis-${++seq}`,
  Type,
  OccurredAt,
  Data,
});

const game = (Game: string, startsAt: string, createdAt: string) =>
  event('game.created', createdAt, {
    Game,
    Sport: 'NFL',
    League: 'NFL',
    Home: `${Game} Home`,
    Away: `${Game} Away`,
    StartsAt: startsAt,
  });

interface Straight {
  wager: string;
  game: string;
  risk: number;
  toWin: number;
  odds: number;
  closingOdds: number;
  /** A spread leg at this line (closing at `closingLine`); a money line without it. */
  line?: number;
  closingLine?: number;
}

const placed = (w: Straight, when: string) =>
  event('wager.placed', when, {
    Wager: w.wager,
    Player: PLAYER,
    WagerType: 'straight',
    Risk: w.risk,
    ToWin: w.toWin,
    Legs: [
      {
        Game: w.game,
        Market: w.line === undefined ? 'moneyline' : 'spread',
        Selection: `${w.game} Home`,
        Line: w.line ?? null,
        Odds: w.odds,
      },
    ],
  });

const graded = (w: Straight, when: string, Result: 'win' | 'loss') =>
  event('wager.graded', when, {
    Wager: w.wager,
    Result,
    Legs: [{ Result, ClosingLine: w.closingLine ?? null, ClosingOdds: w.closingOdds }],
  });

// 2025: 18 wagers (8 won, 10 lost), each beating the close by 10 cents (-110 taken, -120 close).
const old = Array.from({ length: 18 }, (_, i): Straight => ({
  wager: `AN25-${i}`,
  game: 'AN-G25',
  risk: 1_100,
  toWin: 1_000,
  odds: -110,
  closingOdds: -120,
}));
// 2026: March, October (one of them voided in November), November (one regraded this week).
const m1: Straight = {
  wager: 'AN-M1',
  game: 'AN-GM',
  risk: 500,
  toWin: 600,
  odds: 120,
  closingOdds: 110,
}; // +10
const m2: Straight = {
  wager: 'AN-M2',
  game: 'AN-GM',
  risk: 2_000,
  toWin: 1_000,
  odds: -200,
  closingOdds: -190,
}; // -10
const o1: Straight = {
  wager: 'AN-O1',
  game: 'AN-GO',
  risk: 1_100,
  toWin: 1_000,
  odds: -110,
  closingOdds: -110,
}; // 0
const o2: Straight = {
  wager: 'AN-O2',
  game: 'AN-GO',
  risk: 3_000,
  toWin: 3_000,
  odds: 100,
  closingOdds: 100,
};
const n1: Straight = {
  wager: 'AN-N1',
  game: 'AN-GN',
  risk: 1_100,
  toWin: 1_000,
  odds: -110,
  closingOdds: -105,
}; // -5
const n2: Straight = {
  wager: 'AN-N2',
  game: 'AN-GN',
  risk: 2_200,
  toWin: 2_000,
  odds: -110,
  closingOdds: -110,
  line: -3.5,
  closingLine: -4.5,
}; // a point beaten: +20
const n3: Straight = {
  wager: 'AN-N3',
  game: 'AN-GN',
  risk: 500,
  toWin: 450,
  odds: -110,
  closingOdds: -115,
}; // +5
const n4: Straight = {
  wager: 'AN-N4',
  game: 'AN-GN',
  risk: 1_000,
  toWin: 900,
  odds: -110,
  closingOdds: -110,
}; // left open

/** The book of the test's player, in the order the platform sent it. */
const BOOK = [
  event('player.created', at('2025-05-01'), {
    Player: PLAYER,
    Agent: 'AG1SUB',
    Name: 'Ana Lytics',
    CreditLimit: 10_000_000,
  }),
  event('player.created', at('2025-05-01'), { Player: QUIET, Agent: 'AG1SUB', Name: 'Quiet One' }),
  game('AN-G25', at('2025-06-20'), at('2025-05-01', 17)),
  ...old.map((w) => placed(w, at('2025-06-10'))),
  ...old.map((w, i) => graded(w, at('2025-06-12'), i < 8 ? 'win' : 'loss')),
  game('AN-GM', at('2026-03-10'), at('2026-03-01')),
  placed(m1, at('2026-03-05')),
  placed(m2, at('2026-03-05')),
  graded(m1, at('2026-03-06'), 'win'),
  graded(m2, at('2026-03-06'), 'loss'),
  game('AN-GO', at('2026-10-20'), at('2026-10-01')),
  placed(o1, at('2026-10-13')),
  placed(o2, at('2026-10-13')),
  graded(o1, at('2026-10-14'), 'win'),
  graded(o2, at('2026-10-14'), 'loss'),
  game('AN-GN', at('2026-11-25'), at('2026-11-01')),
  placed(n1, at('2026-11-03')),
  graded(n1, at('2026-11-04'), 'win'),
  placed(n2, at('2026-11-10')),
  graded(n2, at('2026-11-11'), 'loss'),
  placed(n3, at('2026-11-16')),
  event('wager.voided', at('2026-11-17'), { Wager: o2.wager, Reason: 'Wrong game' }),
  graded(n3, at('2026-11-17', 17), 'win'),
  event('wager.regraded', at('2026-11-17', 18), {
    Wager: n1.wager,
    Result: 'loss',
    Reason: 'Score corrected',
  }),
  placed(n4, at('2026-11-18', 9)),
];

const analysis = (caller: Caller, body: Record<string, unknown>) =>
  call(ctx.app, api.getPlayerAnalysis, caller, { body });

beforeAll(async () => {
  master = await logIn(ctx.app, 'MASTER', 'demo-master');
  const key = ok<FeedKey>(
    await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'analysis' } }),
  );
  const res = await sendFeed(
    ctx.app,
    platformApi.sendEventBatch,
    BOOK.map((e) => JSON.stringify(e)).join('\n'),
    testClock,
    { key },
  );
  expect(res.status, res.body).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ Applied: BOOK.length, Rejected: 0 });
  idPlayer = await idOf(ctx.database, 'players', PLAYER);
});

describe('GetPlayerAnalysis', () => {
  it('gives handle, net, hold, wagers graded and CLV score per period', async () => {
    const a = ok<PlayerAnalysis>(await analysis(master, { idPlayer }));
    expect(a).toMatchObject({ IdPlayer: idPlayer, Currency: 'USD', Today: '2026-11-18' });
    expect(a.Scoring).toMatchObject({ MinLegs: 20, SharpScore: 5 });
    const [lifetime, year, month] = a.Periods;
    // Lifetime: 24 wagers graded (the voided one out, the open one not graded). Net: 2025's
    // -3,000, March's +600 and -2,000, October's +1,000, N1's -1,100, N2's -2,200, N3's +450;
    // the voided wager posted -3,000 and +3,000. Its CLV: 24 legs, (180 + 10 - 10 + 0 - 5 + 20 + 5) / 24.
    expect(lifetime).toEqual({
      Period: 'lifetime',
      StartDate: null,
      EndDate: '2026-11-18',
      Handle: 27_200,
      Net: -6_250,
      Hold: 0.2298,
      Wagers: 24,
      Clv: { Score: 8.3, Legs: 24, Enough: true, Sharp: true },
    });
    expect(year).toEqual({
      Period: 'year',
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      Handle: 7_400,
      Net: -3_250,
      Hold: 0.4392,
      Wagers: 6,
      Clv: { Score: 3.3, Legs: 6, Enough: false, Sharp: false },
    });
    // November: N1 (regraded this week), N2, N3 graded; the net is what posted in November: N1's
    // +1,000 and -2,100, N2's -2,200, N3's +450 and the void's +3,000 (the weekly balance's figure).
    expect(month).toEqual({
      Period: 'month',
      StartDate: '2026-11-01',
      EndDate: '2026-11-30',
      Handle: 3_800,
      Net: 150,
      Hold: -0.0395,
      Wagers: 3,
      Clv: { Score: 6.7, Legs: 3, Enough: false, Sharp: false },
    });

    expect(a.Weeks.map((w) => w.WeekStart)).toEqual(
      Array.from({ length: 12 }, (_, i) =>
        new Date(Date.UTC(2026, 7, 31 + 7 * i)).toISOString().slice(0, 10),
      ),
    );
    const active = a.Weeks.filter((w) => w.Wagers > 0 || w.Net !== 0);
    expect(active).toEqual([
      { WeekStart: '2026-10-12', Handle: 1_100, Net: -2_000, Hold: 1.8182, Wagers: 1 },
      { WeekStart: '2026-11-02', Handle: 0, Net: 1_000, Hold: null, Wagers: 0 },
      { WeekStart: '2026-11-09', Handle: 2_200, Net: -2_200, Hold: 1, Wagers: 1 },
      { WeekStart: '2026-11-16', Handle: 1_600, Net: 1_350, Hold: -0.8438, Wagers: 2 },
    ]);
    for (const w of a.Weeks.filter((x) => !active.includes(x)))
      expect(w).toMatchObject({ Handle: 0, Net: 0, Hold: null, Wagers: 0 });
  });

  it('agrees with the balance, the history and beat the line', async () => {
    const a = ok<PlayerAnalysis>(await analysis(master, { idPlayer }));
    const [lifetime, year, month] = a.Periods;
    // The player has nothing but wagers: its balance is its lifetime net.
    const player = ok<PlayerAccount>(
      await call(ctx.app, api.getPlayer, master, { body: { idPlayer } }),
    );
    expect(player.Balance).toBe(lifetime!.Net);
    const wagersIn = async (startDate: string, endDate: string) =>
      ok<PlayerHistoryResponse>(
        await call(ctx.app, api.getPlayerHistoryReport, master, {
          body: { idPlayer, startDate, endDate, transactionType: 2 },
        }),
      ).Totals.find((t) => t.Type === 2)?.Amount ?? 0;
    expect(await wagersIn('2026-01-01', '2026-12-31')).toBe(year!.Net);
    expect(await wagersIn('2025-01-01', '2025-12-31')).toBe(lifetime!.Net - year!.Net);
    expect(await wagersIn('2026-11-01', '2026-11-30')).toBe(month!.Net);
    for (const w of a.Weeks) {
      const sunday = new Date(Date.parse(w.WeekStart) + 6 * 86_400_000).toISOString().slice(0, 10);
      expect(await wagersIn(w.WeekStart, sunday), w.WeekStart).toBe(w.Net);
    }
    const beat = ok<{ Players: BeatTheLinePlayer[] }>(
      await call(ctx.app, api.getBeatTheLineFrame, master, { body: { period: 6, idPlayer } }),
    ).Players[0]!;
    expect({ Score: beat.Score, Legs: beat.ScoreLegs }).toEqual({
      Score: month!.Clv.Score,
      Legs: month!.Clv.Legs,
    });
  });

  it('answers a player without a wager with zeros and no hold or score', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const quiet = await idOf(ctx.database, 'players', QUIET);
    const a = ok<PlayerAnalysis>(await analysis(sub, { idPlayer: quiet }));
    for (const p of a.Periods)
      expect(p).toMatchObject({
        Handle: 0,
        Net: 0,
        Hold: null,
        Wagers: 0,
        Clv: { Score: null, Legs: 0, Enough: false, Sharp: false },
      });
    expect(a.Weeks).toHaveLength(12);
  });

  it('answers 401, 403 to a player, 404 outside the tree or the site, 400 on a bad id', async () => {
    const body = { idPlayer };
    expect((await analysis(await anonymous(ctx.app), body)).statusCode).toBe(401);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await analysis(player, body)).statusCode).toBe(403);
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const outside = await analysis(ag2, body);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().Code).toBe('player_not_found');
    const other = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const foreign = await analysis(other, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Code).toBe('player_not_found');
    // AG1 is above AG1SUB: its player is in AG1's tree.
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    expect(ok<PlayerAnalysis>(await analysis(ag1, body)).Periods[0]!.Net).toBe(-6_250);
    for (const bad of [{ idPlayer: 'x' }, {}, { idPlayer: -1 }]) {
      const res = await analysis(ag1, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().Params.field).toBe('idPlayer');
      expect(['invalid_field', 'field_required']).toContain(res.json().Code);
    }
  });
});
