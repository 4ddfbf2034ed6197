import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { SPORTS, WAGER_TYPES, type Sport } from '@backline/contract';
import { openDatabase, type Database } from '../db/open-database.ts';
import { queryRows, type Db } from '../db/query.ts';
import { verifyPassword } from '../auth/password.ts';
import { rightsProblem } from '../agents/agent-closure.ts';
import { ConflictError } from '../errors.ts';
import { countLedgerViolations } from '../ledger/ledger-invariants.ts';
import { inSeason } from './demo-events.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { resetDatabase } from './reset.ts';
import { seedDemo, type SeedSummary } from './seed-demo.ts';

const OPTIONS = { now: new Date('2026-11-18T15:00:00Z'), players: 150, weeks: 4 };
let database: Database;
let summary: SeedSummary;

const rows = <T>(db: Db, query: SQL) => queryRows<T>(db, query);
const values = async (db: Db, query: SQL) => (await rows<{ v: string }>(db, query)).map((r) => r.v);

/** Everything the seed writes that must not vary between runs (password hashes are salted). */
async function fingerprint(db: Db) {
  const [row] = await rows<Record<string, string>>(
    db,
    sql`select
      (select md5(string_agg(concat_ws('|', id, player_id, type, amount, balance_after, free_play_after,
         wager_id, day, created_at, description, created_by), ',' order by id)) from ledger) as ledger,
      (select md5(string_agg(concat_ws('|', id, player_id, ticket, wager_type, risk, to_win, status,
         result, amount, placed_at, graded_at), ',' order by id)) from wagers) as wagers,
      (select md5(string_agg(concat_ws('|', player_id, week_start, carry, ending, sports, entries), ','
         order by player_id, week_start)) from player_weekly) as weekly,
      (select md5(string_agg(concat_ws('|', id, login, agent_id, balance, at_risk, credit_limit), ','
         order by id)) from players) as players,
      (select string_agg(type || ':' || total, ' ' order by type)
         from (select type, sum(amount) as total from ledger group by type) t) as sums`,
  );
  return row!;
}

beforeAll(async () => {
  database = await openDatabase({});
  summary = await seedDemo(database.db, OPTIONS);
}, 120_000);
afterAll(() => database.close());

describe('seedDemo', { timeout: 60_000 }, () => {
  it('writes a history that keeps every ledger invariant', async () => {
    expect(await countLedgerViolations(database.db)).toEqual({
      balanceIsSumOfRealEntries: 0,
      balanceAfterIsRunningSum: 0,
      weeklyEndingIsCarryPlusFigures: 0,
      weeklyEndingIsNextCarry: 0,
      dailySumsAreWeekly: 0,
      weekDaysAreDailyWinLoss: 0,
      openExposureIsOpenWagers: 0,
      openExposureSiteIsAgentsSum: 0,
      holdDailyIsGradedWagers: 0,
      agentWeeksAreSumsOfPlayerWeeks: 0,
      agentMovedIsPlayersMoves: 0,
      playerWeeksAreTheirMovesAgents: 0,
      agentPlayerCountsMatchPlayers: 0,
      lastWeekIsLatestWeeklyRow: 0,
      rollupsMatchLedger: 0,
      dailyClosingIsLastBalance: 0,
      atRiskIsOpenRealRisk: 0,
      voidedWagersNetZero: 0,
      gradedWagersMatchLedger: 0,
      auditChainIsIntact: 0,
    });
  });

  it('covers every sport, wager type, result and ledger type, ending in the current week', async () => {
    const { db } = database;
    expect(summary.rows.players).toBe(160);
    expect(summary.lastDay).toBe('2026-11-18');
    expect(new Set(await values(db, sql`select distinct sport as v from wagers`))).toEqual(
      new Set(SPORTS),
    );
    expect(new Set(await values(db, sql`select distinct wager_type as v from wagers`))).toEqual(
      new Set(WAGER_TYPES),
    );
    expect(new Set(await values(db, sql`select distinct result as v from wagers`))).toEqual(
      new Set(['open', 'win', 'loss', 'push', 'noaction']),
    );
    expect(await values(db, sql`select distinct type::text as v from ledger order by 1`)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(await values(db, sql`select distinct market as v from wager_legs order by 1`)).toEqual([
      'future',
      'moneyline',
      'prop',
      'spread',
      'total',
    ]);
    const [week] = await rows<{ players: number }>(
      db,
      sql`select count(*)::int as players from player_weekly where week_start = '2026-11-16'`,
    );
    expect(week!.players).toBeGreaterThan(50);
    const [multi] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from wagers w where (select count(*) from wager_legs l where l.wager_id = w.id) >= 3`,
    );
    expect(multi!.n).toBeGreaterThan(10);
  });

  it('plays each sport in its season only: no baseball in November', async () => {
    const games = await rows<{ sport: Sport; day: string; n: number }>(
      database.db,
      sql`select e.sport, to_char(e.starts_at at time zone s.time_zone, 'YYYY-MM-DD') as day, count(*)::int as n
          from events e join sites s on s.id = e.site_id
          where e.league not like '% futures' group by 1, 2`,
    );
    expect(games.filter((g) => !inSeason(g.sport, g.day))).toEqual([]);
    const mlb = (month: string) =>
      games
        .filter((g) => g.sport === 'MLB' && g.day.slice(5, 7) === month)
        .reduce((n, g) => n + g.n, 0);
    // The window runs from 2026-10-26: the World Series, then nothing.
    expect(mlb('10')).toBeGreaterThan(0);
    expect(mlb('11')).toBe(0);
  });

  it('records a closing line only once its game has started', async () => {
    const now = OPTIONS.now.toISOString();
    const [c] = await rows<Record<string, number>>(
      database.db,
      sql`select
        count(*) filter (where e.starts_at > ${now}::timestamptz)::int as upcoming,
        count(*) filter (where e.starts_at > ${now}::timestamptz
          and (l.closing_line is not null or l.closing_odds is not null))::int as early,
        count(*) filter (where e.starts_at <= ${now}::timestamptz and l.closing_odds is not null)::int as closed
      from wager_legs l join events e on e.id = l.event_id`,
    );
    expect(c!.upcoming).toBeGreaterThan(0);
    expect(c!.early).toBe(0);
    expect(c!.closed).toBeGreaterThan(0);
  });

  it('records voids and regrades with who and why, and audits each void', async () => {
    const { db } = database;
    const [c] = await rows<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from wagers where status = 'deleted') as deleted,
        (select count(*)::int from wager_changes where status = 'deleted') as voids,
        (select count(*)::int from wager_changes where status = 'regraded') as regrades,
        (select count(*)::int from audit_log where action = 'wager.delete') as audits,
        (select count(*)::int from wager_changes c where c.changed_by not in (select login from agents)) as strangers,
        (select count(*)::int from wagers where free_play) as free_play`,
    );
    expect(c!.deleted).toBeGreaterThan(0);
    expect(c!.voids).toBe(c!.deleted);
    expect(c!.audits).toBe(c!.deleted);
    expect(c!.regrades).toBeGreaterThan(0);
    expect(c!.strangers).toBe(0);
    expect(c!.free_play).toBeGreaterThan(0);
  });

  it('builds agent trees whose rights narrow downwards, with closure rows', async () => {
    const agents = await rows<{
      id: number;
      depth: number;
      rights: string[];
      parent: string[] | null;
      closure: number;
    }>(
      database.db,
      sql`select a.id, a.depth, a.rights, p.rights as parent,
            (select count(*)::int from agent_closure c where c.descendant_id = a.id) as closure
          from agents a left join agents p on p.id = a.parent_id`,
    );
    expect(agents).toHaveLength(11);
    for (const a of agents) {
      expect(a.closure).toBe(a.depth + 1);
      expect(rightsProblem(a.parent, a.rights)).toBeNull();
    }
  });

  it('creates the demo log-ins with working passwords', async () => {
    for (const login of DEMO_LOGINS) {
      const table = login.role === 'player' ? sql`players` : sql`agents`;
      const [row] = await rows<{ password_hash: string; email: string }>(
        database.db,
        sql`select password_hash, email from ${table} where site_id = ${login.siteId} and login = ${login.login}`,
      );
      expect(row, login.login).toBeDefined();
      expect(row!.email).toBe(login.email);
      expect(await verifyPassword(row!.password_hash, login.password), login.login).toBe(true);
    }
  }, 30_000);

  it('refuses to seed a database twice', async () => {
    await expect(seedDemo(database.db, OPTIONS)).rejects.toBeInstanceOf(ConflictError);
  });

  it('writes the same rows for the same inputs, also after a reset', async () => {
    const first = await fingerprint(database.db);
    const other = await openDatabase({});
    try {
      await seedDemo(other.db, OPTIONS);
      expect(await fingerprint(other.db)).toEqual(first);
      await resetDatabase(other.db);
      await seedDemo(other.db, OPTIONS);
      expect(await fingerprint(other.db)).toEqual(first);
    } finally {
      await other.close();
    }
  }, 120_000);
});
