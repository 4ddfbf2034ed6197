// The watch list (issue 17): the watched players of a subtree with today, this week, open risk and
// latest wagers, each figure as the player rows, the week's rollup and the wagers hold them.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, WATCH_LAST_WAGERS, type WatchedPlayer } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

type WatchList = {
  Today: string;
  StartDate: string;
  Rows: WatchedPlayer[];
  TotalRows: number;
};

const watch = (caller: Caller, idPlayer: number, watched = true) =>
  call(ctx.app, api.setPlayerWatched, caller, { body: { idPlayer, watched } });

/** The player of the main site with the most wagers: its latest are a full list. */
async function busiestPlayer(): Promise<{ id: number; login: string }> {
  const [row] = await queryRows<{ id: number; login: string }>(
    ctx.database.db,
    sql`select p.id, p.login from players p join wagers w on w.player_id = p.id
        where p.site_id = 1 group by p.id order by count(*) desc, p.id limit 1`,
  );
  return row!;
}

describe('GetWatchList', () => {
  it('lists the watched players with today, this week, open risk and their latest wagers', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    expect(
      ok<WatchList>(await call(ctx.app, api.getWatchList, master, { body: {} })).TotalRows,
    ).toBe(0);
    const busy = await busiestPlayer();
    const quiet = await idOf(ctx.database, 'players', 'PL1003');
    ok(await watch(master, busy.id));
    ok(await watch(master, quiet));
    const list = ok<WatchList>(await call(ctx.app, api.getWatchList, master, { body: {} }));
    expect(list.TotalRows).toBe(2);
    expect(list.Rows.map((r) => r.IdPlayer).sort()).toEqual([busy.id, quiet].sort());

    const row = list.Rows.find((r) => r.IdPlayer === busy.id)!;
    const [p] = await queryRows<Record<string, number>>(
      ctx.database.db,
      sql`select balance::bigint, at_risk::bigint, credit_limit::bigint,
            (select count(*) from wagers where player_id = ${busy.id} and status = 'open')::int as open
          from players where id = ${busy.id}`,
    );
    expect(row).toMatchObject({
      Balance: Number(p!.balance),
      AtRisk: Number(p!.at_risk),
      OpenWagers: p!.open,
    });
    expect(row.Available).toBe(Number(p!.credit_limit) + row.Balance - row.AtRisk);
    const [week] = await queryRows<{ total: number; days: number[] }>(
      ctx.database.db,
      sql`select (sports + casino + horses + rbl)::bigint as total,
            array[day0, day1, day2, day3, day4, day5, day6]::bigint[] as days
          from player_weekly where player_id = ${busy.id} and week_start = ${list.StartDate}::date`,
    );
    expect(row.ThisWeek).toBe(Number(week?.total ?? 0));
    const dayIndex = (Date.parse(list.Today) - Date.parse(list.StartDate)) / 86_400_000;
    expect(row.Today).toBe(Number(week?.days[dayIndex] ?? 0));

    const latest = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from wagers where player_id = ${busy.id}
          order by placed_at desc, id desc limit ${WATCH_LAST_WAGERS}`,
    );
    expect(row.LastWagers.map((w) => w.IdWager)).toEqual(latest.map((w) => Number(w.id)));

    // A sub-agent's view holds only its own watched players.
    const ag2 = await logIn(ctx.app, 'AG2', 'demo-agent');
    const theirs = ok<WatchList>(await call(ctx.app, api.getWatchList, ag2, { body: {} }));
    const [under] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from players p
          where p.watched and p.agent_id in
            (select descendant_id from agent_closure c join agents a on a.id = c.ancestor_id
             where a.login = 'AG2' and a.site_id = 1)`,
    );
    expect(theirs.TotalRows).toBe(under!.n);
    ok(await watch(master, busy.id, false));
    ok(await watch(master, quiet, false));
  });

  it('answers 400, 401, 403 to a player, 404 for an agent outside the tree', async () => {
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.getWatchList, anon, { body: {} })).statusCode).toBe(401);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.getWatchList, player, { body: {} })).statusCode).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const outside = await call(ctx.app, api.getWatchList, ag1, {
      body: { idAgent: await idOf(ctx.database, 'agents', 'AG2') },
    });
    expect(outside.statusCode).toBe(404);
    const bad = await call(ctx.app, api.getWatchList, ag1, { body: { idAgent: 'me' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Params.field).toBe('idAgent');
  });
});
