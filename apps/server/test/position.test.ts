// Position over the API (issue 19 item 2, DOMAIN.md "Exposure and hold", decision 034): a book
// built by hand through the platform feed (straights on both sides, a bought-points straight, a
// parlay and a teaser counted on each leg, a free play, a void, a grade and a regrade, a final
// game, another site's game), and the book's result per side worked out here by hand; who may read
// whose book; bad input.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  DEFAULT_PLATFORM_BASE,
  fieldWords,
  platformApi,
  type PositionGame,
  type PositionResponse,
  type PositionSide,
  type WagerPage,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { signatureHeader } from '../src/platform/signature.ts';
import { anonymous, call, demoAgentIds, demoSessions, ok, refused, useTestApp } from './helpers.ts';
import { TEST_SEED } from './seed-options.ts';

// The clock stands still where the demo ends: the feed's events and the games are placed from it.
const at = TEST_SEED.now.getTime();
const ctx = useTestApp(
  { LOGIN_LIMIT_PER_ACCOUNT: '1000000', LOGIN_LIMIT_PER_ADDRESS: '1000000' },
  { now: () => new Date(at) },
);

const LEAGUE = 'Position League';
const onPostgres = inject('template').kind === 'postgres';
const as = demoSessions(ctx);
const ids = demoAgentIds(ctx);

interface Key {
  KeyId: string;
  Secret: string;
}
const keys: Record<number, Key> = {};

let tick = 0;
let seq = 0;
/** One signed event of the platform of `site`, applied (200) or the test fails. */
async function feed(site: number, Type: string, Data: object) {
  const body = JSON.stringify({
    EventId: `pos-${++seq}`,
    Type,
    OccurredAt: new Date(at).toISOString(),
    Data,
  });
  const t = Math.floor(at / 1000) - (++tick % 250);
  const key = keys[site]!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: DEFAULT_PLATFORM_BASE + platformApi.sendEvent.path,
    headers: {
      'content-type': 'application/json',
      'x-backline-key': key.KeyId,
      'x-backline-signature': signatureHeader(key.Secret, t, body),
    },
    payload: body,
  });
  expect(res.statusCode, `${Type}: ${res.body}`).toBe(200);
  return res.json() as { Effect: Record<string, unknown> };
}

const startsAt = (hours: number) => new Date(at + hours * 3_600_000).toISOString();
const game = (site: number, Game: string, Home: string, Away: string, hours = 48) =>
  feed(site, 'game.created', {
    Game,
    Sport: 'NFL',
    League: LEAGUE,
    Home,
    Away,
    StartsAt: startsAt(hours),
  });

interface Leg {
  Game: string;
  Market: string;
  Selection: string;
  Line?: number;
  Odds: number;
}
const place = (
  site: number,
  Wager: string,
  Player: string,
  WagerType: string,
  Risk: number,
  ToWin: number,
  Legs: Leg[],
  FreePlay = false,
) => feed(site, 'wager.placed', { Wager, Player, WagerType, Risk, ToWin, Legs, FreePlay });

const position = async (login: string, body: Record<string, unknown> = {}) =>
  ok<PositionResponse>(
    await call(ctx.app, api.getPosition, await as(login), { body: { league: LEAGUE, ...body } }),
  );

const gameOf = (p: PositionResponse, home: string) => p.Games.find((g) => g.Home === home);
function sideOf(g: PositionGame | undefined, market: string, side: string): PositionSide {
  const found = g?.Markets.find((m) => m.Market === market)?.Sides.find((s) => s.Side === side);
  expect(found, `${g?.Home} ${market} ${side}`).toBeDefined();
  return found!;
}
/** A side's figures: wagers, risk, to-win, the multi-leg part, and the book's result if it wins. */
const figures = (s: PositionSide) => [
  s.Wagers,
  s.Risk,
  s.ToWin,
  s.MultiWagers,
  s.MultiRisk,
  s.MultiToWin,
  s.BookIfWins,
];

beforeAll(async () => {
  for (const [site, login] of [
    [1, 'MASTER'],
    [2, 'MASTER2'],
  ] as const) {
    const res = await call(ctx.app, api.insertIntegrationKey, await as(login), {
      body: { Label: 'position tests' },
    });
    keys[site] = ok<Key>(res);
  }
  // Two players in two trees (AG1SUB below AG1, and AG2), one of site 2; three games of one
  // league, one of which ends before the screen is read; the same league on site 2.
  await feed(1, 'player.created', {
    Player: 'POS1',
    Agent: 'AG1SUB',
    Name: 'Position One',
    CreditLimit: 1_000_000,
  });
  await feed(1, 'player.created', {
    Player: 'POS2',
    Agent: 'AG2',
    Name: 'Position Two',
    CreditLimit: 1_000_000,
  });
  await feed(2, 'player.created', {
    Player: 'POS3',
    Agent: 'ESAG1',
    Name: 'Position Three',
    CreditLimit: 1_000_000,
  });
  await feed(1, 'freeplay.granted', { Player: 'POS1', Amount: 5_000 });
  await game(1, 'PG1', 'Lions', 'Bears');
  await game(1, 'PG2', 'Hawks', 'Owls', 72);
  await game(1, 'PG3', 'Sharks', 'Whales', 24);
  await game(2, 'PG1', 'Lions', 'Bears');

  const spread = (Selection: string, Line: number, Odds = -110, Game = 'PG1') => ({
    Game,
    Market: 'spread',
    Selection,
    Line,
    Odds,
  });
  const total = (Selection: string, Line: number, Game = 'PG1') => ({
    Game,
    Market: 'total',
    Selection,
    Line,
    Odds: -110,
  });
  const moneyline = (Selection: string, Odds: number, Game = 'PG1') => ({
    Game,
    Market: 'moneyline',
    Selection,
    Odds,
  });
  // Straights on both sides of the spread; one bought half a point (another line, the same side).
  await place(1, 'PW1', 'POS1', 'straight', 1_100, 1_000, [spread('Lions -3.5', -3.5)]);
  await place(1, 'PW2', 'POS2', 'straight', 2_200, 2_000, [spread('Bears +3.5', 3.5)]);
  await place(1, 'PW3', 'POS1', 'straight', 1_300, 1_000, [spread('Lions -2.5', -2.5, -130)]);
  // A parlay and a teaser: each counts on both its games with its full risk and to-win.
  await place(1, 'PW4', 'POS1', 'parlay', 500, 2_100, [
    moneyline('Lions', -150),
    total('Over 44.5', 44.5, 'PG2'),
  ]);
  await place(1, 'PW5', 'POS2', 'teaser', 1_100, 1_000, [
    spread('Bears +9.5', 9.5),
    spread('Hawks +1.5', 1.5, -110, 'PG2'),
  ]);
  // A free play under the total, a straight over it.
  await place(1, 'PW6', 'POS1', 'straight', 1_000, 900, [total('Under 44.5', 44.5)], true);
  await place(1, 'PW7', 'POS2', 'straight', 550, 500, [total('Over 44.5', 44.5)]);
  // Voided, graded and regraded: none of them is open any more.
  await place(1, 'PW8', 'POS1', 'straight', 1_000, 1_300, [moneyline('Bears', 130)]);
  await feed(1, 'wager.voided', { Wager: 'PW8', Reason: 'Posted in error' });
  await place(1, 'PW9', 'POS2', 'straight', 1_500, 1_000, [moneyline('Lions', -150)]);
  await feed(1, 'wager.graded', { Wager: 'PW9', Result: 'win' });
  await feed(1, 'wager.regraded', { Wager: 'PW9', Result: 'loss', Reason: 'Score corrected' });
  // Open on a game that is final by now: not on the screen.
  await place(1, 'PW10', 'POS1', 'straight', 700, 600, [moneyline('Sharks', -120, 'PG3')]);
  await feed(1, 'game.final', { Game: 'PG3', HomeScore: 21, AwayScore: 14 });
  // Another site's game of the same names and league.
  await place(2, 'PW1', 'POS3', 'straight', 9_900, 9_000, [spread('Bears +3.5', 3.5)]);
});

describe('GetPosition', () => {
  it('gives each side its figures and the book’s result if it wins, worked out by hand', async () => {
    const p = await position('MASTER');
    expect(p.Currency).toBe('USD');
    expect(p.IdAgent).toBe(ids.MASTER);
    expect(p.Converted).toBeNull();
    expect(p.Leagues).toContain(LEAGUE);
    // The final game is gone; the worst game first: both lose 21.00 at worst, Lions has more handle.
    expect(p.Games.map((g) => g.Home)).toEqual(['Lions', 'Hawks']);
    const lions = gameOf(p, 'Lions')!;
    expect(lions).toMatchObject({
      Away: 'Bears',
      Sport: 'NFL',
      League: LEAGUE,
      Status: 'scheduled',
    });
    expect(lions.Markets.map((m) => m.Market)).toEqual(['spread', 'total', 'moneyline']);
    // Spread: home = PW1 + PW3 (another line, the same side); away = PW2 and the teaser's leg.
    // Home wins: −2,000 to-win + 3,300 risk of the away side = 1,300; away wins: −3,000 + 2,400.
    expect(figures(sideOf(lions, 'spread', 'home'))).toEqual([2, 2_400, 2_000, 0, 0, 0, 1_300]);
    expect(figures(sideOf(lions, 'spread', 'away'))).toEqual([
      2, 3_300, 3_000, 1, 1_100, 1_000, -600,
    ]);
    expect(sideOf(lions, 'spread', 'home').Label).toBe('Lions');
    expect(sideOf(lions, 'spread', 'away').Label).toBe('Bears');
    // Total: the free play's lost stake is no money to the book: over wins −500 + (1,000 − 1,000).
    expect(figures(sideOf(lions, 'total', 'under'))).toEqual([1, 1_000, 900, 0, 0, 0, -350]);
    expect(figures(sideOf(lions, 'total', 'over'))).toEqual([1, 550, 500, 0, 0, 0, -500]);
    // Money line: only the parlay's leg (the void and the graded wager left it).
    expect(figures(sideOf(lions, 'moneyline', 'home'))).toEqual([
      1, 500, 2_100, 1, 500, 2_100, -2_100,
    ]);
    expect(lions.Markets.find((m) => m.Market === 'moneyline')!.Sides).toHaveLength(1);
    expect(lions).toMatchObject({ Wagers: 7, Handle: 7_750, Exposure: -2_100 });
    const hawks = gameOf(p, 'Hawks')!;
    expect(figures(sideOf(hawks, 'total', 'over'))).toEqual([1, 500, 2_100, 1, 500, 2_100, -2_100]);
    expect(figures(sideOf(hawks, 'spread', 'home'))).toEqual([
      1, 1_100, 1_000, 1, 1_100, 1_000, -1_000,
    ]);
    expect(hawks).toMatchObject({ Wagers: 2, Handle: 1_600, Exposure: -2_100 });
    expect(p.Totals).toEqual({ Games: 2, Wagers: 9, Handle: 9_350, Exposure: -4_200 });
    expect(p.Capped).toBe(false);
  });

  it('shows a sub-agent only its own subtree, and a master the same when it picks that agent', async () => {
    const ag1 = await position('AG1');
    const lions = gameOf(ag1, 'Lions')!;
    // POS1's wagers only: nobody on the other sides.
    expect(figures(sideOf(lions, 'spread', 'home'))).toEqual([2, 2_400, 2_000, 0, 0, 0, -2_000]);
    expect(lions.Markets.find((m) => m.Market === 'spread')!.Sides.map((s) => s.Side)).toEqual([
      'home',
    ]);
    expect(figures(sideOf(lions, 'total', 'under'))).toEqual([1, 1_000, 900, 0, 0, 0, -900]);
    expect(ag1.Totals).toEqual({ Games: 2, Wagers: 5, Handle: 4_400, Exposure: -4_200 });
    expect(await position('AG1SUB')).toEqual({ ...ag1, IdAgent: ids.AG1SUB, Agent: 'AG1SUB' });
    expect(await position('MASTER', { idAgent: ids.AG1 })).toEqual(ag1);

    const ag2 = await position('AG2');
    expect(ag2.Games.map((g) => [g.Home, g.Exposure])).toEqual([
      ['Lions', -3_000],
      ['Hawks', -1_000],
    ]);
    expect(figures(sideOf(gameOf(ag2, 'Lions'), 'total', 'over'))).toEqual([
      1, 550, 500, 0, 0, 0, -500,
    ]);
    // AG3 has no open wager in this league.
    expect((await position('AG3')).Games).toEqual([]);
  });

  it('never shows another site’s book', async () => {
    const p = await position('MASTER2');
    expect(p.Currency).toBe('EUR');
    expect(p.Games).toHaveLength(1);
    expect(figures(sideOf(p.Games[0], 'spread', 'away'))).toEqual([
      1, 9_900, 9_000, 0, 0, 0, -9_000,
    ]);
    const site1 = await position('MASTER');
    expect(
      site1.Games.flatMap((g) => g.Markets.flatMap((m) => m.Sides.map((s) => s.Risk))),
    ).not.toContain(9_900);
  });

  it('filters by sport and league, and lists every league with open action', async () => {
    expect((await position('MASTER', { sport: 'NBA' })).Games).toEqual([]);
    expect((await position('MASTER', { sport: 'NFL' })).Games).toHaveLength(2);
    // The league is matched whatever its case.
    expect((await position('MASTER', { league: LEAGUE.toUpperCase() })).Games).toHaveLength(2);
    const all = ok<PositionResponse>(
      await call(ctx.app, api.getPosition, await as('MASTER'), { body: {} }),
    );
    expect(all.Leagues.length).toBeGreaterThan(1);
    expect(all.Games.length).toBeLessThanOrEqual(100);
    expect(all.Totals.Games).toBeGreaterThanOrEqual(all.Games.length);
    expect(all.Capped).toBe(all.Totals.Games > all.Games.length);
    // Worst first, and every game's exposure its worst side's.
    for (let i = 1; i < all.Games.length; i++)
      expect(all.Games[i]!.Exposure).toBeGreaterThanOrEqual(all.Games[i - 1]!.Exposure);
    for (const g of all.Games) {
      expect(['scheduled', 'live']).toContain(g.Status);
      const sides = g.Markets.flatMap((m) => m.Sides);
      expect(g.Exposure).toBe(Math.min(...sides.map((s) => s.BookIfWins)));
    }
  });

  it('keeps the open book equal to the open wagers (the ledger invariant)', async () => {
    const violations = await countLedgerViolations(ctx.database.db);
    expect(violations.openExposureIsOpenWagers).toBe(0);
    expect(violations.openExposureSiteIsAgentsSum).toBe(0);
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from open_exposure x join events e on e.id = x.event_id
          where e.league = ${LEAGUE} and x.wagers <> 0`,
    );
    expect(row!.n).toBeGreaterThan(0);
  });

  it.runIf(onPostgres)(
    'lets one writer of a site’s open book in at a time, and another site’s beside it',
    async () => {
      // Two wagers of one site and one of another; rewriting a row as it is fires the rollups'
      // triggers all the same.
      const wagersOf = (siteId: number, n: number) =>
        queryRows<{ id: number }>(
          ctx.database.db,
          sql`select id from wagers where site_id = ${siteId} order by id limit ${n}`,
        );
      const [mine, next] = await wagersOf(1, 2);
      const [other] = await wagersOf(2, 1);
      expect(next && other).toBeTruthy();
      const touch = (tx: typeof ctx.database.db, id: number) =>
        tx.execute(sql`update wagers set agent_id = agent_id where id = ${id}`);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      const first = ctx.database.db.transaction(async (tx) => {
        await touch(tx as never, mine!.id);
        entered();
        await held;
      });
      await inside;
      try {
        // A second writer of the same site waits for the first to commit.
        await expect(
          ctx.database.db.transaction(async (tx) => {
            await tx.execute(sql`set local lock_timeout = '200ms'`);
            await touch(tx as never, next!.id);
          }),
        ).rejects.toMatchObject({ cause: { code: '55P03' } });
        // Another site's writer does not.
        await ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '200ms'`);
          await touch(tx as never, other!.id);
        });
      } finally {
        release();
        await first;
      }
    },
  );

  it('lists the open wagers with a leg on a game, for the drill-down', async () => {
    const lions = gameOf(await position('MASTER'), 'Lions')!;
    const page = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, await as('MASTER'), {
        query: { idEvent: lions.IdEvent },
      }),
    );
    expect(page.Rows).toHaveLength(7);
    expect(new Set(page.Rows.map((r) => r.Player))).toEqual(new Set(['POS1', 'POS2']));
    expect(page.Rows.every((r) => r.Legs.some((l) => l.Event === 'Bears @ Lions'))).toBe(true);
    expect(page.Rows.every((r) => r.Sharp === false)).toBe(true);
    const ag2 = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, await as('AG2'), { query: { idEvent: lions.IdEvent } }),
    );
    expect(ag2.Rows.map((r) => r.Player)).toEqual(['POS2', 'POS2', 'POS2']);
    // Another site's game: none of the caller's wagers are on it.
    const [foreign] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from events where site_id = 2 and external_id = 'PG1'`,
    );
    const none = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, await as('MASTER'), { query: { idEvent: foreign!.id } }),
    );
    expect(none.Rows).toEqual([]);
  });

  it('marks a sharp player’s open wagers', async () => {
    const [pos2] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from players where login = 'POS2' and site_id = 1`,
    );
    await ctx.database.db.execute(
      sql`insert into player_clv (player_id, site_id, score, legs, wagers, refreshed_at)
          values (${pos2!.id}, 1, 12.5, 40, 25, now())
          on conflict (player_id) do update set score = 12.5, legs = 40, wagers = 25`,
    );
    const lions = gameOf(await position('MASTER'), 'Lions')!;
    const page = ok<WagerPage>(
      await call(ctx.app, api.getOpenBets, await as('MASTER'), {
        query: { idEvent: lions.IdEvent },
      }),
    );
    for (const r of page.Rows) expect(r.Sharp, r.Player).toBe(r.Player === 'POS2');
  });

  it('refuses bad input with the field named', async () => {
    for (const [body, field] of [
      [{ idAgent: 'x' }, 'idAgent'],
      [{ idAgent: -1 }, 'idAgent'],
      [{ sport: 'CURLING' }, 'sport'],
      [{ league: '   ' }, 'league'],
      [{ league: 5 }, 'league'],
      [{ league: 'x'.repeat(101) }, 'league'],
    ] as const) {
      const res = await call(ctx.app, api.getPosition, await as('MASTER'), { body });
      const refusal = refused(res, 400, 'invalid_field');
      expect(refusal.Params, res.body).toEqual({ field });
      expect(refusal.Message).toContain(fieldWords(field));
    }
    const res = await call(ctx.app, api.getOpenBets, await as('MASTER'), {
      query: { idEvent: 'x' },
    });
    expect(refused(res, 400, 'invalid_field').Params).toEqual({ field: 'idEvent' });
  });

  it('answers 401 without a session, 403 to a player and to an agent without the right', async () => {
    refused(
      await call(ctx.app, api.getPosition, await anonymous(ctx.app), { body: {} }),
      401,
      'unauthorized',
    );
    refused(
      await call(ctx.app, api.getPosition, await as('PL1001'), { body: {} }),
      403,
      'agents_only',
    );
    await ctx.database.db.execute(
      sql`update agents set rights = array_remove(rights, 'viewReports') where id = ${ids.AG3}`,
    );
    try {
      refused(
        await call(ctx.app, api.getPosition, await as('AG3'), { body: {} }),
        403,
        'right_required',
      );
    } finally {
      await ctx.database.db.execute(
        sql`update agents set rights = array_append(rights, 'viewReports') where id = ${ids.AG3}`,
      );
    }
  });

  it('answers another tree’s or site’s agent as a missing one', async () => {
    for (const [login, target] of [
      ['AG1', 'AG2'],
      ['AG1', 'MASTER'],
      ['AG1SUB', 'AG1'],
      ['AG2', 'AG1SUB'],
      ['MASTER', 'MASTER2'],
      ['MASTER2', 'AG1'],
    ] as const) {
      const res = await call(ctx.app, api.getPosition, await as(login), {
        body: { idAgent: ids[target] },
      });
      expect(refused(res, 404, 'agent_not_found').Params, `${login} → ${target}`).toMatchObject({
        agent: ids[target],
      });
    }
  });
});
