// The app's clock is the config's NOW, moving on in real time: what a report calls "this week"
// follows it, never the machine's date, so tests and the e2e demo give the same answers any day.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type CashFlowResponse, type WeeklyBalanceResponse } from '@backline/contract';
import { buildApp } from '../src/app.ts';
import { clockStartingAt } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { call, logIn, useTestApp } from './helpers.ts';
import { TEST_SEED } from './seed-options.ts';

const ctx = useTestApp();

/** The default weekly balance and cash flow, from an app built while the machine reads `machine`. */
async function reportsOn(machine: string, env: Record<string, string>) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(machine) });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database: ctx.database });
  try {
    const master = await logIn(app, 'MASTER', 'demo-master');
    const weekly = await call(app, api.weeklyBalance, master, { body: {} });
    expect(weekly.statusCode, weekly.body).toBe(200);
    const cash = await call(app, api.cashFlowReport, master, { body: {} });
    expect(cash.statusCode, cash.body).toBe(200);
    const w = weekly.json() as WeeklyBalanceResponse;
    const c = cash.json() as CashFlowResponse;
    return {
      week: [w.StartDate, w.EndDate],
      weekTotals: w.Totals,
      cashWeek: [c.StartDate, c.EndDate],
      cashTotals: c.Totals,
    };
  } finally {
    await app.close();
    vi.useRealTimers();
  }
}

afterEach(() => vi.useRealTimers());

describe('the app clock (NOW)', () => {
  const NOW = TEST_SEED.now.toISOString();

  it('gives the same periods and figures on a Monday morning and a Sunday night of other weeks', async () => {
    const mondayMorning = await reportsOn('2031-03-03T06:30:00-05:00', { NOW });
    const sundayNight = await reportsOn('2027-01-10T23:45:00-05:00', { NOW });
    // The seeded demo's "now" is Wednesday 2026-11-18 in the site's zone.
    expect(mondayMorning.week).toEqual(['2026-11-16', '2026-11-22']);
    expect(mondayMorning.cashWeek).toEqual(['2026-11-16', '2026-11-22']);
    expect(mondayMorning.weekTotals.length).toBeGreaterThan(0);
    expect(sundayNight).toEqual(mondayMorning);
  });

  it('is the machine clock without NOW', async () => {
    const real = await reportsOn('2031-03-05T12:00:00-05:00', {});
    expect(real.week).toEqual(['2031-03-03', '2031-03-09']);
  });
});

describe('the period where an agent settles', () => {
  /** Each report's period with no period asked for, on an app whose clock reads `at`. */
  async function defaultPeriods(at: string) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const now = clockStartingAt(new Date(at));
    const app = await buildApp({ config, database: ctx.database, now });
    try {
      const master = await logIn(app, 'MASTER', 'demo-master');
      const periodOf = async (endpoint: (typeof api)[keyof typeof api], body: object = {}) => {
        const res = await call(app, endpoint, master, { body });
        expect(res.statusCode, res.body).toBe(200);
        const { StartDate, EndDate } = res.json() as { StartDate: string; EndDate: string };
        return `${StartDate}..${EndDate}`;
      };
      return {
        weeklyBalance: await periodOf(api.weeklyBalance),
        newWeeklyBalance: await periodOf(api.newWeeklyBalance),
        playerPayments: await periodOf(api.getPlayerPayments),
        agentPayments: await periodOf(api.getAgentPayment),
        subAgentPayments: await periodOf(api.getReportAgentPayment),
        cashFlow: await periodOf(api.cashFlowReport),
        weeklyBalanceThisWeek: await periodOf(api.weeklyBalance, { period: 2 }),
      };
    } finally {
      await app.close();
    }
  }

  const LAST_WEEK = '2026-11-09..2026-11-15';
  const THIS_WEEK = '2026-11-16..2026-11-22';

  it('is last week on a Monday in the site zone, this week otherwise; other reports keep this week', async () => {
    // Monday 09:00 in New York (site 1).
    expect(await defaultPeriods('2026-11-16T14:00:00Z')).toEqual({
      weeklyBalance: LAST_WEEK,
      newWeeklyBalance: LAST_WEEK,
      playerPayments: LAST_WEEK,
      agentPayments: LAST_WEEK,
      subAgentPayments: LAST_WEEK,
      cashFlow: THIS_WEEK,
      weeklyBalanceThisWeek: THIS_WEEK,
    });
    // Tuesday 00:30 in New York, still Monday in UTC.
    expect(Object.values(await defaultPeriods('2026-11-17T05:30:00Z'))).toEqual(
      Array(7).fill(THIS_WEEK),
    );
  });
});
