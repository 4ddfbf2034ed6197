// Wager center rules: subtree scope, paging, totals over the whole filter, and voids through the ledger.
import {
  addDays,
  MAX_ID,
  startOfDayUtc,
  type BetResult,
  type ChangedBet,
  type OpenBetsSummary,
  type Sport,
  type Wager,
  type WagerLeg,
  type WagerPage,
  type WagerType,
  type api,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { ticketFor } from '../../ledger/wager-math.ts';
import { moneyRanking, type MoneyRanking } from '../../currency/ranking.ts';
import { atMost } from '../../export/export-limit.ts';
import { assertSpan } from '../period.ts';
import * as repo from './wagers-repository.ts';
import { playerRef, type PlayerDbColumns } from '../player-ref.ts';
import type { AgentActions, ReportDeps } from '../report-module.ts';
import { toldToPlatform } from '../../webhooks/outbox.ts';

/** The lists' filters as their endpoints parse them (the open summary takes the open list's). */
type OpenFilter = ParsedQueryOf<typeof api.getOpenBets>;
type GradedFilter = ParsedQueryOf<typeof api.getGradedBetsReport>;

const eventName = (l: { home: string; away: string }) => `${l.away} @ ${l.home}`;
const num = (v: string | null) => (v === null ? null : Number(v));

export function toLeg(l: repo.LegDbRow): WagerLeg {
  return {
    IdLeg: l.id,
    Sport: l.sport as Sport,
    Event: eventName(l),
    StartsAt: l.starts_at,
    Market: l.market as WagerLeg['Market'],
    Selection: l.selection,
    LineTaken: num(l.line_taken),
    OddsTaken: l.odds_taken,
    ClosingLine: num(l.closing_line),
    ClosingOdds: l.closing_odds,
    Result: l.result as BetResult,
  };
}

function toWager(w: repo.WagerDbRow, legs: repo.LegDbRow[]): Wager {
  return {
    IdWager: w.id,
    Ticket: w.ticket,
    PlacedAt: w.placed_at,
    GradedAt: w.graded_at,
    WagerType: w.wager_type as WagerType,
    Sport: w.sport as Sport,
    Description: w.description,
    Risk: w.risk,
    ToWin: w.to_win,
    Result: w.result as BetResult,
    Amount: w.amount,
    FreePlay: w.free_play,
    Deleted: w.status === 'deleted',
    ...playerRef(w),
    Legs: legs.map(toLeg),
  };
}

/** A deleted wager reads as a void: nothing posted, whatever it had been graded before. */
const snapshot = (s: Record<string, unknown>) => ({
  Status: String(s.status ?? ''),
  Result: s.status === 'deleted' ? 'void' : String(s.result ?? ''),
  Amount: s.status === 'deleted' ? 0 : Number(s.amount ?? 0),
  Risk: Number(s.risk ?? 0),
  ToWin: Number(s.toWin ?? 0),
});

const totalsOf = (rows: repo.TotalsDbRow[]) =>
  rows.map((t) => ({
    Currency: t.currency,
    Count: t.count,
    Risk: t.risk,
    ToWin: t.to_win,
    Amount: t.amount,
  }));

export function createWagersService(deps: Pick<ReportDeps, 'db' | 'ledger'> & AgentActions) {
  const { db } = deps;

  async function conditions(
    auth: AgentAuth,
    q: Omit<OpenFilter, 'page' | 'pageSize' | 'sort' | 'dir'>,
  ) {
    const agent = await agentInScope(db, auth, q.idAgent);
    if (q.idPlayer !== undefined) await playerInScope(db, auth, q.idPlayer);
    let currency: string | undefined;
    if (q.idCurrency !== undefined) {
      currency = (await repo.currencyCodeOf(db, q.idCurrency)) ?? undefined;
      if (!currency) throw new ValidationError('currency_unknown', { currency: q.idCurrency });
    }
    return {
      siteId: auth.siteId,
      agentId: agent.id,
      playerId: q.idPlayer,
      wagerType: q.wagerType,
      sport: q.sport,
      currency,
      betResult: q.betResult,
      eventId: q.idEvent,
    };
  }

  const MONEY_SORTS: ReadonlySet<string> = new Set(['risk', 'toWin', 'amount']);

  /**
   * How a list sorted by a money column ranks its currencies: in the site's currency (null for
   * other sorts, or when the filter names one currency).
   */
  async function rankingFor(auth: AgentAuth, q: Pick<OpenFilter, 'sort' | 'idCurrency'>) {
    if (!MONEY_SORTS.has(q.sort) || q.idCurrency !== undefined) return null;
    return moneyRanking(db, auth);
  }

  const order = (
    q: Pick<OpenFilter, 'sort' | 'dir'>,
    ranking: MoneyRanking | null,
  ): repo.Order => ({
    sort: q.sort,
    dir: q.dir,
    rank: ranking ? (amount, currency) => ranking.sql(amount, currency) : undefined,
  });

  const paging = (q: OpenFilter, ranking: MoneyRanking | null): repo.Paging => ({
    ...order(q, ranking),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });

  const withLegs = (rows: repo.WagerPageDbRow[]): Wager[] => rows.map((r) => toWager(r, r.legs));

  function page(
    q: Pick<OpenFilter, 'page' | 'pageSize'>,
    rows: Wager[],
    totals: repo.TotalsDbRow[],
    ranking: MoneyRanking | null = null,
  ): WagerPage {
    return {
      Rows: rows,
      Page: q.page,
      PageSize: q.pageSize,
      TotalRows: totals.reduce((a, t) => a + t.count, 0),
      Totals: totalsOf(totals),
      RankedIn: ranking?.conversion(totals.map((t) => t.currency)) ?? null,
    };
  }

  async function openBets(auth: AgentAuth, q: OpenFilter): Promise<WagerPage> {
    if (q.betResult && q.betResult !== 'open') return page(q, [], []);
    const c = await conditions(auth, { ...q, betResult: undefined });
    const ranking = await rankingFor(auth, q);
    const { rows, totals } = await repo.selectOpenPage(db, c, paging(q, ranking));
    // Each row says whether its player is sharp, the badge the list (and position's drill) shows.
    const sharp = await repo.selectSharpPlayers(db, [...new Set(rows.map((r) => r.player_id))]);
    const listed = withLegs(rows).map((w) => ({ ...w, Sharp: sharp.has(w.IdPlayer) }));
    return page(q, listed, totals, ranking);
  }

  /**
   * The whole filtered list in list order, a chunk at a time, for exports: the list's own query
   * read through a cursor, without legs. Scope, input and size are checked before the first chunk.
   */
  async function* openBetsChunks(
    auth: AgentAuth,
    q: Omit<OpenFilter, 'page' | 'pageSize'>,
    read: { chunkSize: number; maxRows: number },
  ): AsyncGenerator<Wager[]> {
    if (q.betResult && q.betResult !== 'open') return;
    const c = await conditions(auth, { ...q, betResult: undefined });
    const o = order(q, await rankingFor(auth, q));
    const chunks = { chunkSize: read.chunkSize, checkCount: atMost(read.maxRows) };
    for await (const rows of repo.openWagersChunks(db, c, o, chunks))
      yield rows.map((r) => toWager(r, []));
  }

  async function* gradedBetsChunks(
    auth: AgentAuth,
    q: Omit<GradedFilter, 'page' | 'pageSize'>,
    read: { chunkSize: number; maxRows: number },
  ): AsyncGenerator<Wager[]> {
    assertSpan(q.startDate, q.endDate);
    if (q.betResult === 'open') return;
    const c = await conditions(auth, q);
    // The totals count the list (from the rollup, mostly) before the cursor runs it once; by
    // graded time a large share of the site's list is walked in order, so its first row comes
    // without a sort.
    const totals = await repo.selectGradedTotals(db, c, q.startDate, q.endDate);
    const count = totals.reduce((n, t) => n + t.count, 0);
    atMost(read.maxRows)(count);
    const ranking = await rankingFor(auth, q);
    const o = order(q, ranking);
    const walk = await repo.exportWalks(db, c, q.startDate, q.endDate, o, count);
    const list = { c, start: q.startDate, end: q.endDate, o, walk };
    for await (const rows of repo.gradedWagersChunks(db, list, read.chunkSize))
      yield rows.map((r) => toWager(r, []));
  }

  async function openBetsSummary(auth: AgentAuth, q: OpenFilter): Promise<OpenBetsSummary> {
    if (q.betResult && q.betResult !== 'open') {
      return { ByPlayer: [], BySport: [], Totals: [], RankedIn: null };
    }
    const c = await conditions(auth, { ...q, betResult: undefined });
    const [rows, totals, ranking] = await Promise.all([
      repo.selectOpenSummary(db, c),
      repo.selectOpenTotals(db, c),
      moneyRanking(db, auth),
    ]);
    // Most at risk first, compared in the site's currency; a currency without a rate goes last.
    const byRisk = (a: { Risk: number; Currency: string }, b: { Risk: number; Currency: string }) =>
      (ranking.value(b.Risk, b.Currency) ?? -Infinity) -
        (ranking.value(a.Risk, a.Currency) ?? -Infinity) || b.Risk - a.Risk;
    return {
      ByPlayer: rows
        .filter((r) => r.key === 'player')
        // A player's line carries its player's columns (only a sport's line has them null).
        .map((r) => ({
          ...playerRef(r as PlayerDbColumns),
          Count: r.count,
          Risk: r.risk,
          ToWin: r.to_win,
        }))
        .sort((a, b) => byRisk(a, b) || a.Player.localeCompare(b.Player)),
      BySport: rows
        .filter((r) => r.key !== 'player')
        .map((r) => ({
          Sport: r.key as Sport,
          Currency: r.currency,
          Count: r.count,
          Risk: r.risk,
          ToWin: r.to_win,
        }))
        .sort(byRisk),
      Totals: totalsOf(totals),
      RankedIn: ranking.conversion(totals.map((t) => t.currency)),
    };
  }

  async function gradedBets(auth: AgentAuth, q: GradedFilter): Promise<WagerPage> {
    assertSpan(q.startDate, q.endDate);
    if (q.betResult === 'open') return page(q, [], []);
    const c = await conditions(auth, q);
    const ranking = await rankingFor(auth, q);
    const { rows, totals } = await repo.selectGradedPage(
      db,
      c,
      q.startDate,
      q.endDate,
      paging(q, ranking),
    );
    return page(q, withLegs(rows), totals, ranking);
  }

  async function changedBets(
    auth: AgentAuth,
    q: ParsedQueryOf<typeof api.getChangedBetsReport>,
  ): Promise<{ StartDate: string; EndDate: string; Rows: ChangedBet[] }> {
    assertSpan(q.startDate, q.endDate);
    const agent = await agentInScope(db, auth, q.idAgent);
    const rows = await repo.selectChanges(db, {
      agentId: agent.id,
      from: startOfDayUtc(q.startDate, auth.timeZone),
      to: startOfDayUtc(addDays(q.endDate, 1), auth.timeZone),
      status: q.status,
    });
    return {
      StartDate: q.startDate,
      EndDate: q.endDate,
      Rows: rows.map((r) => ({
        IdChange: r.id,
        IdWager: r.wager_id,
        Ticket: r.ticket,
        Status: r.status as ChangedBet['Status'],
        ChangedAt: r.changed_at,
        ChangedBy: r.changed_by,
        Reason: r.reason,
        Before: snapshot(r.before),
        After: snapshot(r.after),
        Amount: r.amount,
        ...playerRef(r),
      })),
    };
  }

  async function wagerInTree(auth: AgentAuth, idWager: number) {
    const w = await repo.selectWagerInTree(db, auth.siteId, auth.agentId, idWager);
    // One of another tree is answered exactly as a missing one (issue 14 item 15).
    if (!w || !w.in_tree) throw new NotFoundError('wager_not_found', { wager: idWager });
    return w;
  }

  /**
   * A ticket is its wager's id written as W and nine digits (ticketFor), so the key finds it at
   * any date. A ticket of another tree answers as one that does not exist: no probing for them.
   */
  async function findByTicket(auth: AgentAuth, ticket: string): Promise<{ Wager: Wager }> {
    const missing = new NotFoundError('wager_not_found', { wager: ticket });
    const id = Number(ticket.slice(1));
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw missing;
    const w = await repo.selectWagerInTree(db, auth.siteId, auth.agentId, id);
    if (!w || !w.in_tree || w.ticket !== ticketFor(id)) throw missing;
    return { Wager: toWager(w, await repo.selectLegs(db, [w.id])) };
  }

  async function gameScore(auth: AgentAuth, idWager: number) {
    const w = await wagerInTree(auth, idWager);
    const legs = await repo.selectLegs(db, [w.id]);
    const games = [...Map.groupBy(legs, (l) => l.event_id).values()].map(([l]) => ({
      Event: eventName(l!),
      Sport: l!.sport as Sport,
      StartsAt: l!.starts_at,
      Home: l!.home,
      Away: l!.away,
      HomeScore: l!.home_score,
      AwayScore: l!.away_score,
      Status: l!.event_status,
    }));
    return { Wager: toWager(w, legs), Games: games };
  }

  async function deleteWager(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.wagerDelete>,
    requestId: string,
  ) {
    const w = await wagerInTree(auth, req.idWager);
    const changedBy = await entrantOf(db, auth);
    const outcome = await deps.ledger.voidWager({
      siteId: auth.siteId,
      wagerId: w.id,
      changedBy,
      reason: req.reason,
      actorId: auth.selfAgentId,
      actorKind: 'agent',
      requestId,
      inTransaction: toldToPlatform(deps.outbox, (o) => ({
        siteId: auth.siteId,
        type: 'wager.deleted',
        playerId: o.wager.playerId,
        at: o.wager.deletedAt!,
        data: {
          IdWager: o.wager.id,
          Ticket: o.wager.ticket,
          WagerExternalId: o.wager.externalId,
          Reason: req.reason,
          Reversed: o.reversed,
          BalanceAfter: o.balanceAfter,
          DeletedBy: changedBy,
        },
      })),
    });
    return {
      IdWager: w.id,
      Ticket: w.ticket,
      Reversed: outcome.reversed,
      BalanceAfter: outcome.balanceAfter,
    };
  }

  return {
    openBets,
    openBetsChunks,
    openBetsSummary,
    gradedBets,
    gradedBetsChunks,
    changedBets,
    gameScore,
    findByTicket,
    deleteWager,
  };
}

export type WagersService = ReturnType<typeof createWagersService>;
