// Bugs the authorization matrix and the fuzzer found, each pinned by the call that showed it.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '@backline/contract';
import { queryRows } from '../../src/db/client.ts';
import { call, logIn, useTestApp } from '../helpers.ts';

const ctx = useTestApp();

describe('GetBeatTheLineFrame', () => {
  it('answers a money-line leg that did not beat the close with Beat false (was a 500)', async () => {
    // Such a leg has no points value, and "no points > 0" was null, not false, in SQL.
    const [leg] = await queryRows<{ player: number; ticket: string; day: string }>(
      ctx.database.db,
      sql`select w.player_id as player, w.ticket, to_char(w.placed_at at time zone s.time_zone, 'YYYY-MM-DD') as day
          from wager_legs wl join wagers w on w.id = wl.wager_id join sites s on s.id = w.site_id
          where wl.market = 'moneyline' and wl.closing_odds is not null and wl.odds_taken < wl.closing_odds
            and wl.odds_taken < 0 and w.status <> 'deleted' and w.site_id = 1
          order by w.id desc limit 1`,
    );
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.getBeatTheLineFrame, master, {
      body: { idPlayer: leg!.player, startDate: leg!.day, endDate: leg!.day },
    });
    expect(res.statusCode, res.body).toBe(200);
    const legs = (res.json() as { Legs: { Ticket: string; Beat: boolean }[] }).Legs;
    expect(legs.find((l) => l.Ticket === leg!.ticket)?.Beat).toBe(false);
  });
});

describe('text with a NUL character', () => {
  it('is refused with 400 naming the field, in a body and in a query (was a 500 from the database)', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sent = await call(ctx.app, api.insertNotification, master, {
      body: { Title: 'a\u0000b', Body: 'text' },
    });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json().Message).toContain('body.Title');
    const searched = await call(ctx.app, api.getAgentPlayerTree, master, {
      query: { search: 'PL\u0000' },
    });
    expect(searched.statusCode, searched.body).toBe(400);
    expect(searched.json().Message).toContain('querystring.search');
    const [{ count }] = (await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from notifications where title like 'a%b'`,
    )) as [{ count: number }];
    expect(count).toBe(0);
  });
});
