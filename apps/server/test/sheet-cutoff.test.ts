// When a week's master sheet closes (decision 033): a week closes once the clock passes the site's
// cut-off, an earlier one too, and a week closed stays closed whatever the cut-off becomes. Who may
// set it, and its refusals, are in master-sheet.test.ts.
import { describe, expect, it } from 'vitest';
import { api, type MasterSheetResponse } from '@backline/contract';
import { call, logIn, ok, testClock, useTestApp, type Caller } from './helpers.ts';

// The demo's now (Wednesday 18 November 2026, 10:00 in the site's New York zone), moved on by tests.
let offset = 0;
const ctx = useTestApp({}, { now: () => new Date(testClock().getTime() + offset) });
const HOUR = 3_600_000;

const sheet = async (caller: Caller, week: string) =>
  ok<MasterSheetResponse>(await call(ctx.app, api.getMasterSheet, caller, { body: { week } }));

describe('SetSheetCutoff', () => {
  it('moves when the open weeks close, and never reopens a closed one', async () => {
    let master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const before = await sheet(master, '2026-11-16');
    // Tuesday 12:00 in New York by default: the week of the 16th closes on the 24th at 17:00 UTC.
    expect(before).toMatchObject({
      Closed: false,
      ClosesAt: '2026-11-24T17:00:00.000Z',
      Cutoff: { Day: 2, Minute: 720 },
    });
    expect((await sheet(master, '2026-11-09')).Closed).toBe(true);

    // Monday 09:00 instead.
    const set = await call(ctx.app, api.setSheetCutoff, master, {
      body: { cutoff: { Day: 1, Minute: 540 } },
    });
    expect(ok(set)).toEqual({ Day: 1, Minute: 540 });
    expect(await sheet(master, '2026-11-16')).toMatchObject({
      Closed: false,
      ClosesAt: '2026-11-23T14:00:00.000Z',
      Cutoff: { Day: 1, Minute: 540 },
    });

    // Monday 23 November, 10:00 in New York: past the new cut-off, the week is final.
    offset = 5 * 24 * HOUR;
    // Five days on, the session has expired: log in again.
    master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const closed = await sheet(master, '2026-11-16');
    expect(closed.Closed).toBe(true);

    // A later cut-off does not reopen it: its rows stay as frozen.
    ok(
      await call(ctx.app, api.setSheetCutoff, master, { body: { cutoff: { Day: 7, Minute: 0 } } }),
    );
    const after = await sheet(master, '2026-11-16');
    expect(after.Closed).toBe(true);
    expect(after.Rows).toEqual(closed.Rows);
    expect(after.ClosesAt).toBe('2026-11-29T05:00:00.000Z');
  });
});
