import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();
const ok = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body);
};

async function playersUnder(login: string) {
  return queryRows<{ id: number; login: string; ledger_sum: number; balance: number }>(
    ctx.database.db,
    sql`select p.id, p.login, p.balance,
          coalesce((select sum(amount) from ledger l where l.player_id = p.id and l.type <> 4), 0)::bigint as ledger_sum
        from players p join agent_closure c on c.descendant_id = p.agent_id
        join agents a on a.id = c.ancestor_id where a.login = ${login} and a.site_id = 1 order by p.id`,
  );
}

describe('PlayerStanding', () => {
  it('gives every player of AG1 the balance its ledger sums to, and available = limit + balance - at risk', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const report = ok(await call(ctx.app, api.playerStanding, ag1, { body: {} }));
    const truth = await playersUnder('AG1');
    expect(report.Rows.length).toBe(truth.length);
    const byId = new Map(truth.map((t) => [t.id, t]));
    for (const row of report.Rows) {
      expect(row.Balance, row.Player).toBe(byId.get(row.IdPlayer)!.ledger_sum);
      expect(row.Available).toBe(row.CreditLimit + row.Balance - row.AtRisk);
    }
    for (const t of report.Totals) {
      const rows = report.Rows.filter((r: { Currency: string }) => r.Currency === t.Currency);
      expect(t.Balance).toBe(rows.reduce((a: number, r: { Balance: number }) => a + r.Balance, 0));
    }
  });

  it('searches by login and converts into the site currency saying the rate', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const found = ok(
      await call(ctx.app, api.playerStanding, master, { body: { search: 'PL1001' } }),
    );
    expect(found.Rows.map((r: { Player: string }) => r.Player)).toContain('PL1001');
    const converted = ok(
      await call(ctx.app, api.playerStanding, master, { body: { isCurrencyReport: true } }),
    );
    expect(converted.Conversion.Currency).toBe('USD');
    expect(converted.Totals).toHaveLength(1);
    expect(converted.Rows.every((r: { Currency: string }) => r.Currency === 'USD')).toBe(true);
    const plain = ok(await call(ctx.app, api.playerStanding, master, { body: {} }));
    // The demo's first site books players in USD, MXN and CAD: the two others are converted, at
    // the demo's rates (units of USD per unit), shown without trailing zeros.
    expect(plain.Totals.map((t: { Currency: string }) => t.Currency).sort()).toEqual([
      'CAD',
      'MXN',
      'USD',
    ]);
    expect(converted.Conversion.Rates).toEqual([
      { Currency: 'CAD', Rate: '0.73' },
      { Currency: 'MXN', Rate: '0.058' },
    ]);
  });
});

describe('GetPlayerHistoryReport', () => {
  it('runs each AG1 player\u2019s balance over the 12 weeks to its current balance', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const truth = await playersUnder('AG1');
    for (const p of truth) {
      const h = ok(
        await call(ctx.app, api.getPlayerHistoryReport, ag1, {
          body: { idPlayer: p.id, startDate: '2026-08-01', endDate: '2026-11-22' },
        }),
      );
      expect(h.OpeningBalance, p.login).toBe(0);
      expect(h.ClosingBalance, p.login).toBe(p.balance);
      let running = h.OpeningBalance;
      for (const r of h.Rows) {
        if (r.Type !== 4) running += r.Amount;
        expect(r.BalanceAfter, `${p.login} #${r.IdTransaction}`).toBe(running);
      }
      expect(running, p.login).toBe(p.balance);
    }
  });

  it('filters by transaction type and refuses an unknown one', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const body = { idPlayer: pl, startDate: '2026-08-01', endDate: '2026-11-22' };
    const wagers = ok(
      await call(ctx.app, api.getPlayerHistoryReport, sub, {
        body: { ...body, transactionType: 2 },
      }),
    );
    expect(wagers.Rows.length).toBeGreaterThan(0);
    expect(wagers.Rows.every((r: { Type: number }) => r.Type === 2)).toBe(true);
    const all = ok(
      await call(ctx.app, api.getPlayerHistoryReport, sub, {
        body: { ...body, transactionType: -1 },
      }),
    );
    expect(all.Rows.length).toBeGreaterThan(wagers.Rows.length);
    const bad = await call(ctx.app, api.getPlayerHistoryReport, sub, {
      body: { ...body, transactionType: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Params.field).toContain('transactionType');
    const reversed = await call(ctx.app, api.getPlayerHistoryReport, sub, {
      body: { ...body, startDate: '2026-11-22', endDate: '2026-11-01' },
    });
    expect(reversed.statusCode).toBe(400);
  });
});

describe('NewWeeklyBalance', () => {
  it('has agent blocks that sum their players and agree with WeeklyBalance, over 12 weeks', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    for (let weeksBack = 0; weeksBack < 12; weeksBack++) {
      const monday = new Date(Date.UTC(2026, 10, 16 - 7 * weeksBack)).toISOString().slice(0, 10);
      const grouped = ok(
        await call(ctx.app, api.newWeeklyBalance, ag1, { body: { startDate: monday } }),
      );
      const flat = ok(await call(ctx.app, api.weeklyBalance, ag1, { body: { startDate: monday } }));
      const players = grouped.Blocks.flatMap((b: { Players: object[] }) => b.Players);
      expect(players.length).toBe(flat.Rows.length);
      const flatById = new Map(flat.Rows.map((r: { IdPlayer: number }) => [r.IdPlayer, r]));
      for (const p of players) {
        const f = flatById.get(p.IdPlayer) as Record<string, unknown>;
        for (const k of ['Carry', 'Days', 'WeekTotal', 'Payments', 'Adjustments', 'Ending'])
          expect(p[k]).toEqual(f[k]);
        const prod = p.Products;
        expect(prod.Sports + prod.Casino + prod.Horses + prod.Rbl, p.Player).toBe(p.WeekTotal);
      }
      for (const block of grouped.Blocks) {
        for (const t of block.Totals) {
          const rows = block.Players.filter((r: { Currency: string }) => r.Currency === t.Currency);
          expect(t.Ending).toBe(rows.reduce((a: number, r: { Ending: number }) => a + r.Ending, 0));
          expect(t.Products.Casino).toBe(
            rows.reduce(
              (a: number, r: { Products: { Casino: number } }) => a + r.Products.Casino,
              0,
            ),
          );
        }
      }
      expect(grouped.Totals.map((t: { Ending: number }) => t.Ending)).toEqual(
        flat.Totals.map((t: { Ending: number }) => t.Ending),
      );
    }
  });

  it("gives each agent block its subtree's totals, equal to the ledger of every player below it", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const monday = '2026-11-09';
    const sunday = '2026-11-15';
    const r = ok(
      await call(ctx.app, api.newWeeklyBalance, master, { body: { startDate: monday } }),
    );
    type Totals = { Currency: string; WeekTotal: number; Ending: number; Payments: number };
    type Block = {
      IdAgent: number;
      Agent: string;
      IdParent: number | null;
      Players: { Currency: string; Ending: number }[];
      Totals: Totals[];
      SubtreeTotals: Totals[];
    };
    const blocks: Block[] = r.Blocks;
    // Agents without players of their own are listed when agents below them have some.
    expect(blocks.map((b) => b.Agent)).toEqual(expect.arrayContaining(['MASTER', 'AG1', 'AG1SUB']));
    const truth = await queryRows<{
      agent_id: number;
      currency: string;
      week: number;
      payments: number;
      ending: number;
    }>(
      ctx.database.db,
      sql`select c.ancestor_id as agent_id, p.currency,
            coalesce(sum(l.amount) filter (where l.type in (2, 5, 6, 7) and l.day between ${monday}::date and ${sunday}::date), 0)::bigint as week,
            coalesce(sum(l.amount) filter (where l.type = 1 and l.day between ${monday}::date and ${sunday}::date), 0)::bigint as payments,
            coalesce(sum(l.amount) filter (where l.type <> 4 and l.day <= ${sunday}::date), 0)::bigint as ending
          from ledger l join players p on p.id = l.player_id
          join agent_closure c on c.descendant_id = p.agent_id
          join agents a on a.id = c.ancestor_id and a.site_id = 1
          group by c.ancestor_id, p.currency`,
    );
    const ledger = (agentId: number) =>
      truth
        .filter(
          (t) => t.agent_id === agentId && (t.week !== 0 || t.payments !== 0 || t.ending !== 0),
        )
        .map((t) => ({
          Currency: t.currency,
          WeekTotal: t.week,
          Payments: t.payments,
          Ending: t.ending,
        }))
        .sort((a, b) => a.Currency.localeCompare(b.Currency));
    for (const block of blocks) {
      const subtree = block.SubtreeTotals.map(({ Currency, WeekTotal, Payments, Ending }) => ({
        Currency,
        WeekTotal,
        Payments,
        Ending,
      }));
      expect(subtree, block.Agent).toEqual(ledger(block.IdAgent));
      // And the sum of its own block and the subtree totals of the agents just below it.
      const children = blocks.filter((b) => b.IdParent === block.IdAgent);
      for (const total of block.SubtreeTotals) {
        const own = block.Totals.find((t) => t.Currency === total.Currency)?.Ending ?? 0;
        const below = children.reduce(
          (a, b) => a + (b.SubtreeTotals.find((t) => t.Currency === total.Currency)?.Ending ?? 0),
          0,
        );
        expect(own + below, `${block.Agent} ${total.Currency}`).toBe(total.Ending);
      }
    }
    const root = blocks.find((b) => b.Agent === 'MASTER')!;
    expect(root.SubtreeTotals).toEqual(r.Totals);
    const ag1 = blocks.find((b) => b.Agent === 'AG1')!;
    expect(blocks.some((b) => b.IdParent === ag1.IdAgent)).toBe(true);
  });

  it('filters to players with a balance', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const r = ok(
      await call(ctx.app, api.newWeeklyBalance, master, {
        body: { withBalanceOnly: true, activeOnly: true },
      }),
    );
    const players = r.Blocks.flatMap(
      (b: { Players: { Ending: number; Active: boolean }[] }) => b.Players,
    );
    expect(
      players.every((p: { Ending: number; Active: boolean }) => p.Ending !== 0 && p.Active),
    ).toBe(true);
  });
});

describe('CashFlowReport', () => {
  it('totals equal the period\u2019s player payments', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const range = { startDate: '2026-08-24', endDate: '2026-11-22' };
    const flow = ok(await call(ctx.app, api.cashFlowReport, ag1, { body: range }));
    const payments = ok(await call(ctx.app, api.getPlayerPayments, ag1, { body: range }));
    const [truth] = await queryRows<{ receipts: number; disbursements: number }>(
      ctx.database.db,
      sql`select coalesce(sum(amount) filter (where amount > 0), 0)::bigint as receipts,
            coalesce(-sum(amount) filter (where amount < 0), 0)::bigint as disbursements
          from ledger l join players p on p.id = l.player_id
          join agent_closure c on c.descendant_id = p.agent_id join agents a on a.id = c.ancestor_id
          where a.login = 'AG1' and a.site_id = 1 and l.type = 1 and l.day between ${range.startDate}::date and ${range.endDate}::date`,
    );
    const sum = (list: { In: number; Out: number }[], k: 'In' | 'Out') =>
      list.reduce((a, t) => a + t[k], 0);
    expect(sum(flow.Totals, 'In')).toBe(truth!.receipts);
    expect(sum(flow.Totals, 'Out')).toBe(truth!.disbursements);
    expect(payments.Totals.reduce((a: number, t: { Receipts: number }) => a + t.Receipts, 0)).toBe(
      truth!.receipts,
    );
    expect(sum(flow.Days, 'In')).toBe(truth!.receipts);
    expect(truth!.receipts).toBeGreaterThan(0);
  });
});

describe('CashFlowReport with agent settlements', () => {
  it("counts each agent's settlements with its master and sub-agents, as agent payments record them", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const settle = (caller: typeof ag1, idAgent: number, amount: number, direction: string) =>
      call(ctx.app, api.insertAgentPayment, caller, {
        body: { idAgent, amount, direction, method: 'bank', idempotencyKey: randomUUID() },
      });
    // AG1 pays its master 300.00; AG1 pays its sub-agent AG1SUB 120.00.
    ok(await settle(master, ag1Id, 30_000, 'toMaster'));
    ok(await settle(ag1, subId, 12_000, 'fromMaster'));
    const range = { startDate: '2026-08-24', endDate: '2026-11-29' };
    const flow = ok(await call(ctx.app, api.cashFlowReport, ag1, { body: range }));
    // The ledger's definition: a settlement is money out for the agent that paid it and in for
    // the one paid, for whichever of them is at or below AG1.
    const truth = await queryRows<{ day: string; agent_id: number; currency: string; net: number }>(
      ctx.database.db,
      sql`select to_char(ap.day, 'YYYY-MM-DD') as day, s.agent_id, ap.currency, sum(s.net)::bigint as net
          from agent_payments ap
          cross join lateral (values (ap.agent_id, -ap.amount), (ap.master_id, ap.amount)) s(agent_id, net)
          join agent_closure c on c.descendant_id = s.agent_id
          where c.ancestor_id = ${ag1Id} and ap.day between ${range.startDate}::date and ${range.endDate}::date
          group by ap.day, s.agent_id, ap.currency having sum(s.net) <> 0`,
    );
    type Row = {
      Date: string;
      IdAgent: number;
      Currency: string;
      In: number;
      Out: number;
      Settlements: number;
      Net: number;
    };
    const rows: Row[] = flow.Rows;
    const settled = rows
      .filter((r) => r.Settlements !== 0)
      .map((r) => `${r.Date}|${r.IdAgent}|${r.Currency}|${r.Settlements}`)
      .sort();
    expect(settled).toEqual(
      truth.map((t) => `${t.day}|${t.agent_id}|${t.currency}|${t.net}`).sort(),
    );
    const own = rows.filter((r) => r.IdAgent === ag1Id).reduce((a, r) => a + r.Settlements, 0);
    const expectedOwn = truth.filter((t) => t.agent_id === ag1Id).reduce((a, t) => a + t.net, 0);
    expect(own).toBe(expectedOwn);
    expect(expectedOwn).toBeLessThanOrEqual(-30_000 - 12_000);
    expect(rows.filter((r) => r.IdAgent === subId).some((r) => r.Settlements >= 12_000)).toBe(true);
    for (const r of [...rows, ...flow.Days, ...flow.Totals]) {
      expect(r.Net).toBe(r.In - r.Out + r.Settlements);
    }
    // Inside AG1's tree the payment to AG1SUB is in for one and out for the other; only what AG1
    // settled with its own master leaves the tree.
    const total = flow.Totals.reduce(
      (a: number, t: { Settlements: number }) => a + t.Settlements,
      0,
    );
    const [edge] = await queryRows<{ net: number }>(
      ctx.database.db,
      sql`select coalesce(-sum(amount), 0)::bigint as net from agent_payments
          where agent_id = ${ag1Id} and day between ${range.startDate}::date and ${range.endDate}::date`,
    );
    expect(total).toBe(edge!.net);
    expect(sumOf(flow.Days, 'Settlements')).toBe(total);
  });
});

const sumOf = (list: Record<string, number>[], key: string) =>
  list.reduce((a, r) => a + r[key]!, 0);

describe('InsertPlayerPayment', () => {
  it('posts once for one idempotency key, and the balance moves by exactly the amount', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const before = (await playersUnder('AG1SUB')).find((p) => p.id === pl)!.balance;
    const body = {
      idPlayer: pl,
      amount: 12345,
      direction: 'receipt',
      method: 'cash',
      note: 'Settle',
      idempotencyKey: randomUUID(),
    };
    const [first, second] = await Promise.all([
      call(ctx.app, api.insertPlayerPayment, sub, { body }),
      call(ctx.app, api.insertPlayerPayment, sub, { body }),
    ]);
    const a = ok(first);
    const b = ok(second);
    expect(a.Payment.IdPayment).toBe(b.Payment.IdPayment);
    expect([a.Replayed, b.Replayed].sort()).toEqual([false, true]);
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger where idempotency_key = ${body.idempotencyKey}`,
    );
    expect(count!.n).toBe(1);
    const after = (await playersUnder('AG1SUB')).find((p) => p.id === pl)!;
    expect(after.balance).toBe(before + 12345);
    expect(after.ledger_sum).toBe(after.balance);
    const other = await call(ctx.app, api.insertPlayerPayment, sub, {
      body: { ...body, amount: 1 },
    });
    expect(other.statusCode).toBe(409);
  });

  it('refuses bad amounts with a clear 400 and stores nothing', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    const [before] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger`,
    );
    const base = {
      idPlayer: pl,
      direction: 'receipt',
      method: 'cash',
      idempotencyKey: randomUUID(),
    };
    for (const amount of [2 ** 53, -500, 10.5, 0, '100']) {
      const res = await call(ctx.app, api.insertPlayerPayment, sub, { body: { ...base, amount } });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().Params.field).toContain('amount');
    }
    const noKey = await call(ctx.app, api.insertPlayerPayment, sub, {
      body: { ...base, amount: 100, idempotencyKey: 'x' },
    });
    expect(noKey.json().Params.field).toContain('idempotencyKey');
    const [after] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger`,
    );
    expect(after!.n).toBe(before!.n);
  });

  it('refuses outside the subtree (404, as a missing player), without the right (403), and without a session (401)', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const [foreign] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agents a on a.id = p.agent_id where a.login = 'AG2' limit 1`,
    );
    const body = {
      idPlayer: foreign!.id,
      amount: 100,
      direction: 'receipt',
      method: 'cash',
      idempotencyKey: randomUUID(),
    };
    expect((await call(ctx.app, api.insertPlayerPayment, sub, { body })).statusCode).toBe(404);
    expect(
      (await call(ctx.app, api.getPlayerHistoryReport, sub, { body: { idPlayer: foreign!.id } }))
        .statusCode,
    ).toBe(404);
    const viewOnly = await logIn(ctx.app, 'AG1SUB2', 'demo-sub');
    const pl = await idOf(ctx.database, 'players', 'PL1001');
    expect(
      (await call(ctx.app, api.insertPlayerPayment, viewOnly, { body: { ...body, idPlayer: pl } }))
        .statusCode,
    ).toBe(403);
    const nobody = await anonymous(ctx.app);
    expect((await call(ctx.app, api.insertPlayerPayment, nobody, { body })).statusCode).toBe(401);
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect(
      (await call(ctx.app, api.insertPlayerPayment, master2, { body: { ...body, idPlayer: pl } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('Agent payments', () => {
  it('records a settlement once and lists it for the agent and across sub-agents', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const body = {
      idAgent: ag1,
      amount: 50000,
      direction: 'toMaster',
      method: 'bank',
      note: 'Week 46',
      idempotencyKey: randomUUID(),
    };
    const first = ok(await call(ctx.app, api.insertAgentPayment, master, { body }));
    const again = ok(await call(ctx.app, api.insertAgentPayment, master, { body }));
    expect(again.Replayed).toBe(true);
    expect(again.Payment.IdPayment).toBe(first.Payment.IdPayment);
    expect(first.Payment).toMatchObject({ Agent: 'AG1', Master: 'MASTER', Amount: 50000 });
    const own = ok(
      await call(ctx.app, api.getAgentPayment, master, { body: { idAgent: ag1, period: 2 } }),
    );
    expect(
      own.Rows.filter((r: { IdPayment: number }) => r.IdPayment === first.Payment.IdPayment),
    ).toHaveLength(1);
    const below = ok(
      await call(ctx.app, api.getReportAgentPayment, master, { body: { period: 2 } }),
    );
    expect(
      below.Rows.some((r: { IdPayment: number }) => r.IdPayment === first.Payment.IdPayment),
    ).toBe(true);
    const net = below.Totals.reduce((a: number, t: { Net: number }) => a + t.Net, 0);
    expect(net).toBe(below.Rows.reduce((a: number, r: { Amount: number }) => a + r.Amount, 0));
  });

  it('refuses a settlement for oneself, outside the tree, or without the right', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const key = () => randomUUID();
    const self = await idOf(ctx.database, 'agents', 'AG1');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const body = { amount: 100, direction: 'toMaster', method: 'cash' };
    expect(
      (
        await call(ctx.app, api.insertAgentPayment, ag1, {
          body: { ...body, idAgent: self, idempotencyKey: key() },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, api.insertAgentPayment, ag1, {
          body: { ...body, idAgent: ag2, idempotencyKey: key() },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, api.getAgentPayment, ag1, { body: { idAgent: ag2 } })).statusCode,
    ).toBe(404);
    const viewOnly = await logIn(ctx.app, 'AG1SUB2', 'demo-sub');
    const sub = await idOf(ctx.database, 'agents', 'AG1SUB');
    expect(
      (
        await call(ctx.app, api.insertAgentPayment, viewOnly, {
          body: { ...body, idAgent: sub, idempotencyKey: key() },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GetCurrency', () => {
  it('lists the site currency first at rate 1 and others with exact rates', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const list = ok(await call(ctx.app, api.getCurrency, master));
    expect(list[0]).toMatchObject({ Code: 'USD', RateToSite: '1', IsSiteCurrency: true });
    expect(list.length).toBeGreaterThan(1);
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect(ok(await call(ctx.app, api.getCurrency, master2))[0].Code).toBe('EUR');
    expect((await call(ctx.app, api.getCurrency, await anonymous(ctx.app))).statusCode).toBe(401);
  });
});
