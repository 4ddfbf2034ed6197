// The players list (issue 17): a subtree's players paged, searched, filtered and sorted on the
// server, every figure as the player rows hold it; the watch list and who may change it.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  api,
  CLV_SCORING,
  clvStanding,
  type PlayerListRow,
  type PlayersPage,
  type ResponseOf,
} from '@backline/contract';

type BeatTheLineResponse = ResponseOf<typeof api.getBeatTheLineFrame>;
import { queryRows } from '../src/db/query.ts';
import { actingAs, anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

async function page(caller: Caller, body: Record<string, unknown> = {}): Promise<PlayersPage> {
  const res = await call(ctx.app, api.getPlayers, caller, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayersPage;
}

/** Every row of a list, page after page. */
async function all(caller: Caller, body: Record<string, unknown> = {}): Promise<PlayerListRow[]> {
  const rows: PlayerListRow[] = [];
  for (let n = 1; ; n++) {
    const p = await page(caller, { ...body, page: n, pageSize: 100 });
    rows.push(...p.Rows);
    if (rows.length >= p.TotalRows || p.Rows.length === 0) {
      expect(rows.length).toBe(p.TotalRows);
      return rows;
    }
  }
}

interface DbPlayer {
  id: number;
  login: string;
  status: string;
  credit_limit: number;
  balance: number;
  at_risk: number;
  watched: boolean;
}

/** The players below an agent as the table holds them, straight from SQL. */
function playersUnder(agentId: number): Promise<DbPlayer[]> {
  return queryRows<DbPlayer>(
    ctx.database.db,
    sql`select id, login, status, credit_limit::bigint, balance::bigint, at_risk::bigint, watched
        from players
        where agent_id in (select descendant_id from agent_closure where ancestor_id = ${agentId})
        order by lower(login)`,
  );
}

const watch = (caller: Caller, idPlayer: number, watched: boolean) =>
  call(ctx.app, api.setPlayerWatched, caller, { body: { idPlayer, watched } });

describe('AgentSiteFrames/GetPlayers', () => {
  it("lists the master's whole book in login order, each figure as the player row holds it", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const rows = await all(master);
    const expected = await playersUnder(await idOf(ctx.database, 'agents', 'MASTER'));
    expect(rows.map((r) => r.Player)).toEqual(expected.map((p) => p.login));
    const byId = new Map(expected.map((p) => [p.id, p]));
    for (const r of rows) {
      const p = byId.get(r.IdPlayer)!;
      expect(r).toMatchObject({
        Status: p.status,
        CreditLimit: Number(p.credit_limit),
        Balance: Number(p.balance),
        AtRisk: Number(p.at_risk),
      });
      expect(r.Available).toBe(r.CreditLimit + r.Balance - r.AtRisk);
      expect(r.OverLimit).toBe(r.Available < 0);
    }
    // Someone has bet, and the latest wager is the player's own.
    const bettor = rows.find((r) => r.LastWagerAt !== null)!;
    const [latest] = await queryRows<{ at: string }>(
      ctx.database.db,
      sql`select max(placed_at) as at from wagers where player_id = ${bettor.IdPlayer}`,
    );
    expect(new Date(bettor.LastWagerAt!).getTime()).toBe(new Date(latest!.at).getTime());
  });

  it("counts this week's result from the weekly rollup, for the week it echoes", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const first = await page(master, { sort: 'thisWeek', dir: 'desc', pageSize: 20 });
    const weeks = await queryRows<{ player_id: number; total: number }>(
      ctx.database.db,
      sql`select player_id, (sports + casino + horses + rbl)::bigint as total from player_weekly
          where week_start = ${first.StartDate}::date
            and player_id in (${sql.join(
              first.Rows.map((r) => sql`${r.IdPlayer}`),
              sql`, `,
            )})`,
    );
    const byPlayer = new Map(weeks.map((w) => [w.player_id, Number(w.total)]));
    for (const r of first.Rows) expect(r.ThisWeek).toBe(byPlayer.get(r.IdPlayer) ?? 0);
    expect(first.Rows.some((r) => r.ThisWeek !== 0)).toBe(true);
  });

  it('ranks money across currencies in the site currency, and says so', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ranked = await page(master, { sort: 'balance', dir: 'desc', pageSize: 500 });
    expect(ranked.RankedIn?.Currency).toBe('USD');
    const rate = new Map(ranked.RankedIn!.Rates.map((r) => [r.Currency, Number(r.Rate)]));
    rate.set('USD', 1);
    const values = ranked.Rows.map((r) => r.Balance * rate.get(r.Currency)!);
    for (let i = 1; i < values.length; i++)
      expect(values[i]!).toBeLessThanOrEqual(values[i - 1]! + 1e-6);
    // A text sort converts nothing.
    expect((await page(master, { sort: 'name' })).RankedIn).toBeNull();
  });

  it('keeps to the subtree of the caller, or of the agent it acts for', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const rows = await all(ag1);
    expect(rows.map((r) => r.Player)).toEqual((await playersUnder(ag1Id)).map((p) => p.login));
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const sub = await all(ag1, { idAgent: subId });
    expect(sub.map((r) => r.Player)).toEqual((await playersUnder(subId)).map((p) => p.login));
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const acting = await all(actingAs(master, ag1Id));
    expect(acting.map((r) => r.IdPlayer)).toEqual(rows.map((r) => r.IdPlayer));
  });

  it("answers another agent's tree or another site's agent as not found", async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    for (const idAgent of [
      await idOf(ctx.database, 'agents', 'AG2'),
      await idOf(ctx.database, 'agents', 'MASTER2', 2),
    ]) {
      const res = await call(ctx.app, api.getPlayers, ag1, { body: { idAgent } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Code: 'agent_not_found' });
    }
  });

  it('searches logins and names, and filters as the desk asks', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const everyone = await all(master);
    const found = await all(master, { search: 'pl100' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.Player.toLowerCase().includes('pl100'))).toBe(true);
    const named = everyone[5]!;
    expect((await all(master, { search: named.Name })).map((r) => r.IdPlayer)).toContain(
      named.IdPlayer,
    );
    // LIKE's own characters are taken literally.
    expect(await all(master, { search: '%' })).toEqual([]);

    const withBalance = await all(master, { filter: 'withBalance' });
    expect(withBalance.map((r) => r.IdPlayer)).toEqual(
      everyone.filter((r) => r.Balance !== 0).map((r) => r.IdPlayer),
    );
    const overLimit = await all(master, { filter: 'overLimit' });
    expect(overLimit.map((r) => r.IdPlayer)).toEqual(
      everyone.filter((r) => r.OverLimit).map((r) => r.IdPlayer),
    );

    const suspended = everyone[3]!;
    await ctx.database.db.execute(
      sql`update players set status = 'suspended' where id = ${suspended.IdPlayer}`,
    );
    try {
      const list = await all(master, { filter: 'suspended' });
      expect(list.map((r) => r.IdPlayer)).toEqual([suspended.IdPlayer]);
      expect(list[0]!.Status).toBe('suspended');
      const active = await all(master, { filter: 'active' });
      expect(active.length).toBe(everyone.filter((r) => r.Status === 'active').length - 1);
    } finally {
      await ctx.database.db.execute(
        sql`update players set status = 'active' where id = ${suspended.IdPlayer}`,
      );
    }
  });

  it('flags sharp players by the rule over player_clv (the seeder fills it), and lists them alone on request', async () => {
    const scored = await queryRows<{
      player_id: number;
      score: string | null;
      legs: number;
      wagers: number;
    }>(ctx.database.db, sql`select player_id, score::text as score, legs, wagers from player_clv`);
    const players = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from players`,
    );
    expect(scored.length).toBe(players[0]!.n);
    expect(scored.some((c) => c.legs > 0)).toBe(true);
    // The demo's bettors rarely beat the close by 5¢: one is made sharp as the risk worker would
    // score it, and one with a big score from too few wagers (one lucky multi-leg ticket) is not.
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const [first, second] = await all(master, { search: 'PL10' });
    await ctx.database.db.execute(
      sql`update player_clv set score = 7.5, legs = 40, wagers = 25 where player_id = ${first!.IdPlayer}`,
    );
    await ctx.database.db.execute(
      sql`update player_clv set score = 90, legs = 25, wagers = 2 where player_id = ${second!.IdPlayer}`,
    );
    const clv = new Map(
      (
        await queryRows<{ player_id: number; score: string | null; legs: number; wagers: number }>(
          ctx.database.db,
          sql`select player_id, score::text as score, legs, wagers from player_clv`,
        )
      ).map((c) => [c.player_id, c]),
    );
    const rows = await all(master);
    for (const r of rows) {
      const c = clv.get(r.IdPlayer)!;
      const score = c.score === null ? null : Number(c.score);
      expect(r.ClvScore, r.Player).toBe(score);
      expect(r.Sharp, r.Player).toBe(clvStanding(score, c.legs, c.wagers).sharp);
    }
    expect(rows.find((r) => r.IdPlayer === first!.IdPlayer)).toMatchObject({
      Sharp: true,
      ClvScore: 7.5,
    });
    expect(rows.find((r) => r.IdPlayer === second!.IdPlayer)).toMatchObject({
      Sharp: false,
      ClvScore: 90,
    });
    const sharp = await all(master, { filter: 'sharp' });
    expect(sharp.map((r) => r.IdPlayer)).toEqual(
      rows.filter((r) => r.Sharp).map((r) => r.IdPlayer),
    );
    expect(sharp.length).toBeGreaterThan(0);
    // Beat the line shows the same standing flag beside its period's own score.
    const btl = ok<BeatTheLineResponse>(
      await call(ctx.app, api.getBeatTheLineFrame, master, {
        body: { startDate: '2026-08-24', endDate: '2026-11-18' },
      }),
    );
    expect(btl.Players.length).toBeGreaterThan(0);
    for (const p of btl.Players)
      expect(p.Sharp, p.Player).toBe(rows.find((r) => r.IdPlayer === p.IdPlayer)!.Sharp);
    await ctx.database.db.execute(
      sql`select player_clv_refresh(array[${first!.IdPlayer}, ${second!.IdPlayer}]::int[], ${CLV_SCORING.LastLegs},
        ${CLV_SCORING.CentsPerPoint}, now())`,
    );
  });

  it('refuses bad input, naming the field', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    for (const body of [
      { sort: 'password' },
      { filter: 'rich' },
      { page: 0 },
      { pageSize: 501 },
      { search: 'x'.repeat(65) },
      { dir: 'up' },
    ]) {
      const res = await call(ctx.app, api.getPlayers, master, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const [field] = Object.keys(body);
      expect(res.json()).toMatchObject({ Code: 'invalid_field', Params: { field } });
    }
  });

  it('answers no one without a session', async () => {
    const res = await call(ctx.app, api.getPlayers, await anonymous(ctx.app), { body: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('AgentSiteFrames/SetPlayerWatched', () => {
  it('puts a player on the watch list, shown in the list and filter, and audits the change once', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const rows = await all(ag1);
    const target = rows[2]!;
    const res = await watch(ag1, target.IdPlayer, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ IdPlayer: target.IdPlayer, Watched: true });
    // Again: nothing changes, and nothing more is recorded.
    expect((await watch(ag1, target.IdPlayer, true)).statusCode).toBe(200);
    const watched = await all(ag1, { filter: 'watched' });
    expect(watched.map((r) => r.IdPlayer)).toEqual([target.IdPlayer]);
    expect(watched[0]!.Watched).toBe(true);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    expect((await all(master, { filter: 'watched' })).map((r) => r.IdPlayer)).toEqual([
      target.IdPlayer,
    ]);
    const audited = await queryRows<{ action: string; actor_id: number; details: unknown }>(
      ctx.database.db,
      sql`select action, actor_id, details from audit_log
          where target_kind = 'player' and target_id = ${target.IdPlayer} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['player.watched']);
    expect(audited[0]!.details).toMatchObject({ before: false, after: true });

    expect((await watch(ag1, target.IdPlayer, false)).json()).toEqual({
      IdPlayer: target.IdPlayer,
      Watched: false,
    });
    expect(await all(ag1, { filter: 'watched' })).toEqual([]);
  });

  it('needs the right to manage players', async () => {
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const [own] = await all(ag2);
    const res = await watch(ag2, own!.IdPlayer, true);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Code: 'right_required' });
  });

  it('answers a player of another tree or site as not found, and changes nothing', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const [theirs] = await all(ag2);
    const [abroad] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from players where site_id = 2 order by id limit 1`,
    );
    for (const idPlayer of [theirs!.IdPlayer, abroad!.id]) {
      const res = await watch(ag1, idPlayer, true);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Code: 'player_not_found' });
    }
    const [state] = await queryRows<{ watched: number }>(
      ctx.database.db,
      sql`select count(*)::int as watched from players where id in (${theirs!.IdPlayer}, ${abroad!.id}) and watched`,
    );
    expect(state!.watched).toBe(0);
  });

  it('refuses bad input and a caller without a session', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    for (const body of [{}, { idPlayer: 'x', watched: true }, { idPlayer: 1, watched: 'yes' }]) {
      const res = await call(ctx.app, api.setPlayerWatched, ag1, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await watch(await anonymous(ctx.app), 1, true);
    expect(res.statusCode).toBe(401);
  });
});
