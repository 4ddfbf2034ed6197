// Bugs the authorization matrix and the fuzzer found, each pinned by the call that showed it.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, ErrorBody, MAX_PAYMENT } from '@backline/contract';
import { queryRows } from '../../src/db/query.ts';
import { call, logIn, urlOf, useTestApp } from '../helpers.ts';

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
    expect(sent.json()).toMatchObject({ Code: 'text_unstorable', Params: { field: 'Title' } });
    const searched = await call(ctx.app, api.getAgentPlayerTree, master, {
      query: { search: 'PL\u0000' },
    });
    expect(searched.statusCode, searched.body).toBe(400);
    expect(searched.json()).toMatchObject({
      Code: 'text_unstorable',
      Params: { field: 'search' },
    });
    const [{ count }] = (await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from notifications where title like 'a%b'`,
    )) as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe('numbers and dates past what the database or a report can hold', () => {
  it('answers 400 to a site id beyond an integer (was a 500 from the database)', async () => {
    const config = await call(ctx.app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 2_147_483_648 },
    });
    expect(config.statusCode, config.body).toBe(400);
    const minted = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/WebClient4Frames/LoginToken',
      headers: { 'x-site-key': 'demo-site-key' },
      payload: { Player: 'AG1', SiteId: Number.MAX_SAFE_INTEGER },
    });
    expect(minted.statusCode, minted.body).toBe(400);
    expect(minted.json().Params.field).toContain('SiteId');
  });

  it('answers 400 to a report day whose week would end after the year 9999 (was a 500)', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.weeklyBalance, master, {
      body: { startDate: '9999-12-27' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Params.field).toContain('startDate');
  });

  it('refuses a payment above the largest one, so no balance or total leaves the safe range (was a 500)', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const [player] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from players where site_id = 1 order by id limit 1`,
    );
    const pay = (amount: number) =>
      call(ctx.app, api.insertPlayerPayment, master, {
        body: {
          idPlayer: player!.id,
          amount,
          direction: 'disbursement',
          method: 'cash',
          idempotencyKey: crypto.randomUUID(),
        },
      });
    const tooLarge = await pay(MAX_PAYMENT + 1);
    expect(tooLarge.statusCode, tooLarge.body).toBe(400);
    expect(tooLarge.json().Params.field).toContain('amount');
    expect((await pay(MAX_PAYMENT)).statusCode).toBe(200);
  });
});

describe('a currency id past the smallint column', () => {
  it('finds no currency: 400 naming idCurrency (was a 500 from the database)', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.getOpenBets, master, { query: { idCurrency: 32_768 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'currency_unknown', Params: { currency: 32_768 } });
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answer with the error body and the security headers (was Fastify\u2019s own body, no headers)', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(
      `${base}${urlOf(api.notificationStream, { ticket: 'x'.repeat(20_000) })}`,
    );
    expect(res.status).toBe(431);
    expect(ErrorBody.safeParse(await res.json()).success).toBe(true);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
