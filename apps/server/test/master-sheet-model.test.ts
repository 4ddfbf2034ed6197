// Model test of the master sheet (issue 18): a master, its sub-agents and one sub-agent of theirs,
// on random deals (some changed mid-way, one agent created on its parent's defaults) and thirteen
// weeks of random results through the platform feed, agent payments before and after each week's
// cut-off, late regrades and results after it. At each cut-off the week's sheets of the master, of
// the agent with a sub-agent and of that sub-agent are read over HTTP and compared, every row and
// total to the cent, with a reference written from DOMAIN.md and decision 033 alone
// (master-sheet-model/reference.ts); the make-up and balance chains, the totals and the weekly
// balance of the same agents are checked on the server's own figures; a closed sheet read again
// after a late change must not move. The clock is the run's own: no day of the calendar matters.
import { describe, expect, it } from 'vitest';
import type { DealTerms, MasterSheetResponse, SheetRow } from '@backline/contract';
import { createRng } from '../src/seed/prng.ts';
import { useTestApp } from './helpers.ts';
import { shiftDay } from './ledger-model/model.ts';
import { toSiteCurrency } from './ledger-model/converted.ts';
import {
  expectedRow,
  expectedSheet,
  PRODUCTS,
  totalsOf,
  type ExpectedSheet,
} from './master-sheet-model/reference.ts';
import {
  cutoffOf,
  localInstant,
  openSheetWorld,
  type World,
  type WorldWager,
} from './master-sheet-model/world.ts';

/** Weeks of results; each one's sheets are checked at its cut-off. */
const WEEKS = 13;
/** A Monday: the run crosses the change to daylight saving time (Sunday 2026-03-08). */
const FIRST_WEEK = '2026-02-02';
const SEED = 18_033;

const clock = { now: localInstant(FIRST_WEEK, 8 * 60) };

const ctx = useTestApp(
  // The run moves its clock by thirteen weeks: its sessions must outlast it.
  { SESSION_IDLE_MINUTES: String(365 * 24 * 60), SESSION_ABSOLUTE_HOURS: String(365 * 24) },
  { now: () => new Date(clock.now), empty: 'sheet' },
);

const minutes = (day: string, hour: number, minute = 0) => localInstant(day, hour * 60 + minute);

/** Every difference between what the reference expects and what the server answered. */
function differences(label: string, expected: unknown, actual: unknown, out: string[]): void {
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') {
      out.push(`${label}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      return;
    }
    for (const [k, v] of Object.entries(expected))
      differences(`${label}.${k}`, v, (actual as Record<string, unknown>)[k], out);
  } else if (expected !== actual)
    out.push(`${label}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

describe('the master sheet against a reference from DOMAIN.md and decision 033', () => {
  it(
    `agrees to the cent over ${WEEKS} weeks of random deals and results`,
    { timeout: 600_000 },
    async () => {
      const started = Date.now();
      const rng = createRng(SEED);
      const w: World = await openSheetWorld(
        ctx.app,
        ctx.database.db,
        ctx.config.platformSecretKey,
        clock,
      );
      const { ids, book } = w;
      const found: string[] = [];
      const figures = {
        closedSheets: 0,
        liveSheets: 0,
        rows: 0,
        lateRows: 0,
        makeupRows: 0,
        negativeEarnings: 0,
        headFeeRows: 0,
        noDealRows: 0,
        refusedDeals: 0,
        dealChanges: 0,
        groupChanges: 0,
        agentPayments: 0,
        status: { settled: 0, partly: 0, open: 0 } as Record<string, number>,
      };

      const percent = () => rng.int(0, 6000) / 100;
      const randomTerms = (): DealTerms => ({
        Kind: rng.pick(['split', 'commission'] as const),
        Percent: percent(),
        CasinoPercent: rng.chance(0.5) ? percent() : null,
        HorsesPercent: rng.chance(0.5) ? percent() : null,
        RedFigure: rng.chance(0.6),
        HeadFee: rng.chance(0.3) ? 0 : rng.int(1, 2500),
      });
      /** The agents with a parent that exist now: the ones whose deals and payments are made. */
      const subAgents = () =>
        book.agents.filter((a) => a.parentId !== null && a.createdAt <= clock.now);

      async function setDeal(
        agentId: number,
        fromWeek: string,
        expectOpenWeek: string | null,
        terms = randomTerms(),
      ) {
        const answer = await w.setDeal(agentId, fromWeek, terms);
        figures.dealChanges++;
        const who = book.agents.find((a) => a.id === agentId)!.login;
        if (!answer.History.some((v) => v.FromWeek === fromWeek && sameTerms(v, terms)))
          found.push(`SetAgentDeal ${who} from ${fromWeek}: the history has no such deal`);
        if (expectOpenWeek && answer.FirstOpenWeek !== expectOpenWeek)
          found.push(
            `SetAgentDeal ${who} at ${new Date(clock.now).toISOString()}: FirstOpenWeek ${answer.FirstOpenWeek}, expected ${expectOpenWeek}`,
          );
      }

      // Week one, Monday 08:00: the master's defaults for new sub-agents, deals of A (from M: a
      // commission with red figure) and S (from A: a split without, which bears its players' wins);
      // B has none for two weeks. Later changes are random.
      const defaults = randomTerms();
      const { Defaults } = await w.setDefaults(defaults);
      if (!Defaults || !sameTerms(Defaults, defaults))
        found.push(`SetDealDefaults answered ${JSON.stringify(Defaults)}`);
      await setDeal(ids.A!, FIRST_WEEK, null, {
        ...randomTerms(),
        Kind: 'commission',
        RedFigure: true,
      });
      await setDeal(ids.S!, FIRST_WEEK, null, {
        ...randomTerms(),
        Kind: 'split',
        RedFigure: false,
      });
      await setDeal(ids.B!, shiftDay(FIRST_WEEK, 14), null);

      /** The first read of each closed sheet, which later reads must equal. */
      const closedReads = new Map<string, MasterSheetResponse>();
      /** Each agent's row of the week before, as the server answered it: the chain's last link. */
      const lastRows = new Map<number, SheetRow>();

      function compareSheet(
        label: string,
        expected: ExpectedSheet,
        actual: MasterSheetResponse,
        week: string,
        closed: boolean,
      ) {
        differences(
          `${label} header`,
          { StartDate: week, EndDate: shiftDay(week, 6), Closed: closed, Currency: 'USD' },
          actual,
          found,
        );
        differences(`${label} Own`, expected.Own, actual.Own, found);
        const want = expected.Rows.map((r) => r.Agent).sort();
        const got = actual.Rows.map((r) => r.Agent).sort();
        if (want.join() !== got.join())
          found.push(`${label}: rows ${got.join()}, expected ${want.join()}`);
        for (const row of expected.Rows) {
          const real = actual.Rows.find((r) => r.IdAgent === row.IdAgent);
          if (real) differences(`${label} row ${row.Agent}`, row, real, found);
          figures.rows++;
        }
        differences(`${label} Totals`, expected.Totals, actual.Totals, found);
        // The server's totals are the sums of its own rows, whatever the reference says.
        differences(
          `${label} Totals (sum of its rows)`,
          totalsOf(actual.Rows),
          actual.Totals,
          found,
        );
      }

      /** The week's sheets at its cut-off: read, compared, and the invariants of the server's own. */
      async function closeWeek(week: string) {
        book.closes.set(week, clock.now);
        const [m, a, s, balance] = [
          await w.sheet('M', week),
          await w.sheet('A', week),
          await w.sheet('S', week),
          await w.weeklyBalance(week),
        ];
        figures.closedSheets += 3;
        compareSheet(
          `week ${week} sheet of M`,
          expectedSheet(book, ids.M!, week, clock.now),
          m,
          week,
          true,
        );
        compareSheet(
          `week ${week} sheet of A`,
          expectedSheet(book, ids.A!, week, clock.now),
          a,
          week,
          true,
        );
        compareSheet(
          `week ${week} sheet of S`,
          expectedSheet(book, ids.S!, week, clock.now),
          s,
          week,
          true,
        );
        closedReads.set(`M ${week}`, m);
        closedReads.set(`A ${week}`, a);
        // A's own row is its row of M's sheet; S's is its row of A's.
        differences(
          `week ${week} A's own row`,
          m.Rows.find((r) => r.IdAgent === ids.A),
          a.Own,
          found,
        );
        differences(
          `week ${week} S's own row`,
          a.Rows.find((r) => r.IdAgent === ids.S),
          s.Own,
          found,
        );
        for (const row of [...m.Rows, ...a.Rows]) {
          const label = `week ${week} row ${row.Agent}`;
          const last = lastRows.get(row.IdAgent);
          if (last) {
            // The chain: last week's balance forward is brought forward, its make-up carried.
            if (last.BalanceForward !== row.BroughtForward)
              found.push(
                `${label}: BroughtForward ${row.BroughtForward}, last week's BalanceForward ${last.BalanceForward}`,
              );
            if (last.MakeupAfter.Total !== row.MakeupBefore.Total)
              found.push(
                `${label}: MakeupBefore ${row.MakeupBefore.Total}, last week's MakeupAfter ${last.MakeupAfter.Total}`,
              );
            if (sameGroups(last.Deal, row.Deal))
              differences(
                `${label} MakeupBefore (last week's after)`,
                last.MakeupAfter,
                row.MakeupBefore,
                found,
              );
            // A deal change that merged or split a group: its make-up moved (decision 033).
            else figures.groupChanges++;
          }
          lastRows.set(row.IdAgent, row);
          if (row.BalanceForward !== row.BroughtForward + row.Owed - row.Paid)
            found.push(`${label}: BalanceForward is not BroughtForward + Owed − Paid`);
          // The sheet's Net is the weekly balance of the agent's subtree, each currency converted once.
          const block = balance.Blocks.find((b) => b.IdAgent === row.IdAgent);
          for (const p of PRODUCTS) {
            const fromBalance = (block?.SubtreeTotals ?? []).reduce(
              (sum, t) => sum + toSiteCurrency(w.site, t.Products[p], t.Currency),
              0,
            );
            if (fromBalance !== row.Net[p])
              found.push(`${label}: Net.${p} ${row.Net[p]}, the weekly balance's ${fromBalance}`);
          }
          figures.status[row.Status]!++;
          if (row.Late.Total !== 0) figures.lateRows++;
          if (row.MakeupAfter.Total > 0) figures.makeupRows++;
          if (row.Earnings < 0) figures.negativeEarnings++;
          if (row.HeadFees > 0) figures.headFeeRows++;
          if (row.Deal === null) figures.noDealRows++;
        }
        // A closed week takes no new deal.
        const status = await w.setDealRefused(ids.A!, week, randomTerms());
        if (status >= 400 && status < 500) figures.refusedDeals++;
        else found.push(`SetAgentDeal from the closed week ${week} answered ${status}`);
      }

      /** A sheet read live, before its cut-off, against the reference at this instant. */
      async function readLive(week: string) {
        const m = await w.sheet('M', week);
        figures.liveSheets++;
        compareSheet(
          `week ${week} (open) sheet of M`,
          expectedSheet(book, ids.M!, week, clock.now),
          m,
          week,
          false,
        );
      }

      const graded = (week: string) =>
        w.wagers.filter((x) => x.status === 'graded' && x.gradedWeek === week);
      const otherResult = (x: WorldWager) =>
        rng.pick((['win', 'loss', 'push'] as const).filter((r) => r !== x.result));

      for (let k = 0; k <= WEEKS; k++) {
        const week = shiftDay(FIRST_WEEK, 7 * k);
        const previous = shiftDay(week, -7);
        const day = (n: number) => shiftDay(week, n);
        const plan: { at: number; run: () => Promise<void> }[] = [];
        const at = (t: number, run: () => Promise<void>) => plan.push({ at: t, run });

        if (k > 0) {
          // The settle window: last week is still open until Tuesday 12:00.
          at(minutes(day(0), 9), async () => {
            if (rng.chance(0.3)) await setDeal(rng.pick(subAgents()).id, previous, previous);
          });
          at(minutes(day(0), 10), async () => {
            for (const agent of subAgents()) {
              const choice = rng.next();
              let amount = 0;
              if (choice < 0.35 && agent.currency === 'USD') {
                // Settles the week exactly: what it will owe at the close, less what it paid already.
                const row = expectedRow(book, agent.id, previous, clock.now);
                amount = row.BroughtForward + row.Owed - row.Paid;
              } else if (choice < 0.7) amount = rng.int(-300_000, 300_000);
              if (amount !== 0) {
                await w.agentPayment(agent.id, amount);
                figures.agentPayments++;
              }
            }
          });
          at(cutoffOf(previous) + 30_000, () => closeWeek(previous));
          // After the cut-off: late changes to the closed week, a regrade of it posted now, payments
          // that count in this week; the closed sheets read again must not have moved.
          at(minutes(day(1), 13), async () => {
            const lateAt = minutes(day(-1), 23, 30);
            const lateOnes = graded(previous).filter((x) => x.player.lastEntryAt < lateAt);
            for (const x of rng.sample(lateOnes, Math.min(2, lateOnes.length)))
              if (x.player.lastEntryAt < lateAt) await w.regrade(x, otherResult(x), lateAt);
            const quiet = w.players.filter(
              (p) => p.lastEntryAt < lateAt && p.lastEntryAt > -Infinity,
            );
            if (quiet.length > 0 && rng.chance(0.7))
              await w.productResult(
                rng.pick(quiet),
                rng.pick(['Casino', 'Horses', 'Rbl'] as const),
                nonZero(),
                lateAt,
              );
            const now = graded(previous);
            if (now.length > 0) {
              const x = rng.pick(now);
              await w.regrade(x, otherResult(x));
            }
            if (rng.chance(0.5)) {
              await w.agentPayment(rng.pick(subAgents()).id, rng.int(-200_000, 200_000) || 1);
              figures.agentPayments++;
            }
            for (const who of ['M', 'A'] as const) {
              const again = await w.sheet(who, previous);
              differences(
                `week ${previous} sheet of ${who} read again after late changes`,
                closedReads.get(`${who} ${previous}`),
                again,
                found,
              );
            }
            await readLive(week);
          });
        }
        if (k === WEEKS) {
          await runPlan(plan);
          break;
        }
        // Wagers left open last week are graded on Wednesday morning.
        at(minutes(day(2), 8), async () => {
          for (const x of w.wagers.filter((y) => y.status === 'open' && y.placedWeek < week))
            await w.grade(x, result());
        });
        at(minutes(day(2), 10), async () => {
          if (rng.chance(0.6)) {
            const agent = rng.pick(subAgents());
            await setDeal(agent.id, rng.chance(0.5) ? week : day(7), k > 0 ? week : null);
          }
        });
        if (k === 2)
          at(minutes(day(2), 11), async () => {
            const c = await w.createAgentC();
            // A new sub-agent starts on its parent's defaults, from the week it is created in.
            book.deals.push({ agentId: c, fromWeek: week, terms: defaults, setAt: clock.now });
            const deal = await w.deal(c);
            if (
              !deal.Current ||
              deal.Current.FromWeek !== week ||
              !sameTerms(deal.Current, defaults)
            )
              found.push(
                `C created in ${week}: its deal ${JSON.stringify(deal.Current)}, expected the defaults ${JSON.stringify(defaults)} from ${week}`,
              );
          });
        // The players' week: some place nothing; wagers on Monday and Tuesday morning are this
        // week's too (before the cut-off of the last one).
        const slot = () =>
          rng.chance(0.2)
            ? minutes(day(0), 11) + rng.int(0, 24 * 60) * 60_000
            : minutes(day(2), 12) + rng.int(0, 4 * 24 * 60 + 9 * 60) * 60_000;
        const sunday = minutes(day(6), 23);
        for (const p of w.players) {
          if (rng.chance(0.75))
            for (let n = rng.int(1, 3); n > 0; n--) {
              const placedAt = slot();
              const risk = rng.int(1_000, 50_000);
              const toWin = rng.chance(0.5) ? Math.round((risk * 100) / 110) : rng.int(500, 80_000);
              const ending = rng.next();
              let wager: WorldWager | null = null;
              at(placedAt, async () => {
                wager = await w.place(p, risk, toWin);
              });
              const later =
                placedAt + rng.int(1, Math.floor((sunday - placedAt) / 60_000)) * 60_000;
              if (ending < 0.1) at(later, () => w.voidWager(wager!));
              else if (ending < 0.9) at(later, () => w.grade(wager!, result()));
              // Else open over the week's end: graded next Wednesday.
            }
          if (rng.chance(0.5))
            for (let n = rng.int(1, 2); n > 0; n--) {
              const product = rng.pick(['Casino', 'Horses', 'Rbl'] as const);
              const amount = nonZero();
              at(slot(), () => w.productResult(p, product, amount));
            }
        }
        if (k > 0) at(minutes(day(5), 12), () => readLive(week));
        await runPlan(plan);
      }

      /** A week's steps in time order, each at its instant on the run's clock. */
      async function runPlan(plan: { at: number; run: () => Promise<void> }[]) {
        plan.sort((x, y) => x.at - y.at);
        for (const step of plan) {
          clock.now = step.at;
          await step.run();
        }
      }
      function result() {
        return rng.weighted([
          ['win', 45],
          ['loss', 45],
          ['push', 10],
        ] as const);
      }
      function nonZero() {
        return (rng.chance(0.5) ? 1 : -1) * rng.int(100, 40_000);
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `master sheet model on ${ctx.database.kind}: ${WEEKS} weeks, ${figures.closedSheets} closed and ` +
          `${figures.liveSheets} open sheets, ${figures.rows} rows, ${found.length} differences, ${seconds} s; ` +
          JSON.stringify(figures),
      );
      expect(found).toEqual([]);
      // The run reached what it is for.
      expect(figures.lateRows).toBeGreaterThan(0);
      expect(figures.makeupRows).toBeGreaterThan(0);
      expect(figures.negativeEarnings).toBeGreaterThan(0);
      expect(figures.headFeeRows).toBeGreaterThan(0);
      expect(figures.noDealRows).toBeGreaterThan(0);
      expect(figures.refusedDeals).toBe(WEEKS);
      expect(Object.values(figures.status).every((n) => n > 0)).toBe(true);
    },
  );
});

function sameTerms(a: DealTerms, b: DealTerms): boolean {
  return (
    a.Kind === b.Kind &&
    a.Percent === b.Percent &&
    a.CasinoPercent === b.CasinoPercent &&
    a.HorsesPercent === b.HorsesPercent &&
    a.RedFigure === b.RedFigure &&
    a.HeadFee === b.HeadFee
  );
}

/** Whether two deals settle casino and horses in the same make-up groups. */
function sameGroups(a: DealTerms | null, b: DealTerms | null): boolean {
  return (
    (a?.CasinoPercent == null) === (b?.CasinoPercent == null) &&
    (a?.HorsesPercent == null) === (b?.HorsesPercent == null)
  );
}
