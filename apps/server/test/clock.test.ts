// The app's clock is the config's NOW, moving on in real time: what a report calls "this week"
// follows it, never the machine's date, so tests and the e2e demo give the same answers any day.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type CashFlowResponse, type WeeklyBalanceResponse } from '@backline/contract';
import { buildApp } from '../src/app.ts';
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
