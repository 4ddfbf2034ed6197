// Players: the list an agent runs its book from, the watch list and each player's limits.
// Available = credit limit + temporary credit in force + balance - at risk (DOMAIN.md); a money
// sort ranks across currencies in the site's currency.
import {
  addMoney,
  computePeriod,
  daysBetween,
  localDate,
  WATCH_LAST_WAGERS,
  WATCH_LIST_MAX,
  type WatchedPlayer,
  EXPORT_MAX_ROWS,
  NO_WAGER_LIMITS,
  Period,
  type api,
  type PlayerLimits,
  type WagerLimits,
  type ParsedBodyOf,
  type PlayerListRow,
  type PlayersPage,
  type PlayerStatus,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { moneyRanking } from '../../currency/ranking.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { atMost } from '../../export/export-limit.ts';
import { audit, type Caller } from '../../security/audit-repository.ts';

export type { Caller };
import { playerRef } from '../player-ref.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './players-repository.ts';
import * as watchRepo from './watch-list-repository.ts';

type PlayersRequest = ParsedBodyOf<typeof api.getPlayers>;

const TEXT_SORTS = new Set(['player', 'name', 'agent']);

function toRow(r: repo.PlayerListDbRow): PlayerListRow {
  const available = addMoney(r.credit_limit, r.temp_credit, r.balance, -r.at_risk);
  return {
    ...playerRef({ ...r, player_id: r.id }),
    Status: r.status as PlayerStatus,
    CreditLimit: r.credit_limit,
    Balance: r.balance,
    AtRisk: r.at_risk,
    Available: available,
    ThisWeek: r.this_week,
    LastWagerAt: r.last_wager_at === null ? null : new Date(r.last_wager_at).toISOString(),
    Watched: r.watched,
    OverLimit: available < 0,
  };
}

function limitsOf(r: repo.LimitsDbRow): PlayerLimits {
  return {
    IdPlayer: r.id,
    Player: r.login,
    Currency: r.currency,
    CreditLimit: Number(r.credit_limit),
    TempCredit: Number(r.temp_credit),
    TempCreditUntil:
      r.temp_credit_until === null ? null : new Date(r.temp_credit_until).toISOString(),
    MaxWager: Number(r.max_wager),
    Limits: { ...NO_WAGER_LIMITS, ...(r.wager_limits as Partial<WagerLimits>) },
    // A cap in another currency than the player's is shown as its own figure only where they
    // agree; the check itself compares both in the site currency.
    Caps: {
      CreditLimit: r.credit_cap && r.credit_cap.currency === r.currency ? r.credit_cap.cap : null,
      MaxWager: r.wager_cap && r.wager_cap.currency === r.currency ? r.wager_cap.cap : null,
    },
  };
}

export function createPlayersService(
  deps: Pick<ReportDeps, 'db' | 'now' | 'currency'> & { outbox?: ReportDeps['outbox'] },
) {
  const { db, now } = deps;

  /** The list's rows as asked: the agent in scope, this week in the site's zone. */
  async function listOf(auth: AgentAuth, req: Omit<PlayersRequest, 'page' | 'pageSize'>) {
    const agent = await agentInScope(db, auth, req.idAgent);
    const week = computePeriod(Period.ThisWeek, now(), auth.timeZone);
    const query: repo.PlayersQuery = {
      siteId: auth.siteId,
      agentId: agent.id,
      week: week.StartDate,
      now: now(),
      search: req.search,
      filter: req.filter,
    };
    const ranking = TEXT_SORTS.has(req.sort) ? null : await moneyRanking(db, auth);
    const order: repo.PlayersOrder = {
      sort: req.sort,
      dir: req.dir,
      rank: ranking ? (amount, currency) => ranking.sql(amount, currency) : undefined,
    };
    return { query, order, week, ranking };
  }

  async function players(auth: AgentAuth, req: PlayersRequest): Promise<PlayersPage> {
    const { query, order, week, ranking } = await listOf(auth, req);
    const [rows, counts] = await Promise.all([
      repo.selectPlayersPage(db, query, order, {
        limit: req.pageSize,
        offset: (req.page - 1) * req.pageSize,
      }),
      repo.countPlayers(db, query),
    ]);
    return {
      StartDate: week.StartDate,
      EndDate: week.EndDate,
      Rows: rows.map(toRow),
      Page: req.page,
      PageSize: req.pageSize,
      TotalRows: counts.reduce((sum, c) => sum + c.count, 0),
      RankedIn: ranking?.conversion(counts.map((c) => c.currency)) ?? null,
    };
  }

  /** The whole list in the screen's order, for the export; too long a list is refused first. */
  async function* playersChunks(
    auth: AgentAuth,
    req: Omit<PlayersRequest, 'page' | 'pageSize'>,
    chunkSize: number,
  ): AsyncGenerator<PlayerListRow[]> {
    const { query, order } = await listOf(auth, req);
    for await (const rows of repo.playersChunks(
      db,
      query,
      order,
      chunkSize,
      atMost(EXPORT_MAX_ROWS),
    ))
      yield rows.map(toRow);
  }

  async function setWatched(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setPlayerWatched>,
    caller: Caller,
  ) {
    const player = await playerInScope(db, auth, req.idPlayer);
    return db.transaction(async (tx) => {
      const changed = await repo.updateWatched(tx, {
        siteId: auth.siteId,
        playerId: player.id,
        watched: req.watched,
      });
      // In scope a moment ago; gone since only if deleted meanwhile, which players never are.
      if (!changed) throw new Error(`player ${player.id} vanished while being watched`);
      if (changed.before !== changed.watched) {
        await audit(tx, {
          siteId: auth.siteId,
          actorKind: 'agent',
          actorId: auth.selfAgentId,
          action: changed.watched ? 'player.watched' : 'player.unwatched',
          targetKind: 'player',
          targetId: player.id,
          address: caller.address,
          requestId: caller.requestId,
          details: { actingFor: auth.agentId, before: changed.before, after: changed.watched },
        });
      }
      return { IdPlayer: changed.id, Watched: changed.watched };
    });
  }

  async function limits(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getPlayerLimits>,
  ): Promise<PlayerLimits> {
    const player = await playerInScope(db, auth, req.idPlayer);
    return limitsOf((await repo.selectLimits(db, player.id))!);
  }

  /**
   * Sets a player's limits within the caps of every agent above (compared in the site currency
   * when the player's differs). Limits bind the next wager only: nothing placed is touched.
   */
  async function setLimits(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setPlayerLimits>,
    caller: Caller,
  ): Promise<PlayerLimits> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const at = now();
    const until = req.tempCreditUntil === undefined ? null : new Date(req.tempCreditUntil);
    if (req.tempCredit > 0 && (until === null || until <= at))
      throw new ValidationError('temp_credit_expiry', { field: 'tempCreditUntil' });
    const fx = await deps.currency.toSiteCurrency(auth);
    return db.transaction(async (tx) => {
      const before = (await repo.selectLimits(tx, player.id, true))!;
      const within = (field: string, amount: number, cap: repo.CapDbRow | null) => {
        if (!cap || amount === 0) return;
        const over =
          cap.currency === before.currency
            ? amount > cap.cap
            : fx.convert(amount, before.currency) > fx.convert(cap.cap, cap.currency);
        if (over)
          throw new ConflictError('over_agent_cap', { field, agent: cap.agent, cap: cap.cap });
      };
      within('creditLimit', req.creditLimit + req.tempCredit, before.credit_cap);
      within('maxWager', req.maxWager, before.wager_cap);
      for (const max of Object.values(req.limits.MaxByType))
        within('limits.MaxByType', max ?? 0, before.wager_cap);
      for (const max of Object.values(req.limits.MaxBySport))
        within('limits.MaxBySport', max ?? 0, before.wager_cap);
      const to = {
        creditLimit: req.creditLimit,
        tempCredit: req.tempCredit,
        tempCreditUntil: req.tempCredit > 0 ? until : null,
        maxWager: req.maxWager,
        wagerLimits: req.limits,
      };
      await repo.updateLimits(tx, player.id, to);
      const after = (await repo.selectLimits(tx, player.id))!;
      const result = limitsOf(after);
      // What the player's own limits were and are; the caps above are not the player's.
      const { Caps: _capsBefore, ...wasShown } = limitsOf(before);
      const { Caps: _capsAfter, ...nowShown } = result;
      if (JSON.stringify(wasShown) !== JSON.stringify(nowShown)) {
        await audit(tx, {
          siteId: auth.siteId,
          actorKind: 'agent',
          actorId: auth.selfAgentId,
          action: 'player.limits',
          targetKind: 'player',
          targetId: player.id,
          address: caller.address,
          requestId: caller.requestId,
          details: { actingFor: auth.agentId, before: wasShown, after: nowShown },
        });
        await deps.outbox?.record(tx, {
          siteId: auth.siteId,
          type: 'player.limits_changed',
          playerId: player.id,
          at,
          data: { Before: wasShown, After: nowShown, ChangedBy: await entrantOf(tx, auth) },
        });
      }
      return result;
    });
  }

  /** The watched players of the subtree: today and this week, open risk, latest wagers. */
  async function watchList(auth: AgentAuth, req: ParsedBodyOf<typeof api.getWatchList>) {
    const agent = await agentInScope(db, auth, req.idAgent);
    const at = now();
    const week = computePeriod(Period.ThisWeek, at, auth.timeZone);
    const today = localDate(at, auth.timeZone);
    const scope = { siteId: auth.siteId, agentId: agent.id };
    const [rows, total] = await Promise.all([
      watchRepo.selectWatched(db, {
        ...scope,
        week: week.StartDate,
        weekDay: daysBetween(week.StartDate, today),
        now: at,
        limit: WATCH_LIST_MAX,
      }),
      watchRepo.countWatched(db, scope),
    ]);
    const wagers = await watchRepo.selectLastWagers(
      db,
      rows.map((r) => r.id),
      WATCH_LAST_WAGERS,
    );
    return {
      Today: today,
      StartDate: week.StartDate,
      EndDate: week.EndDate,
      TotalRows: total,
      Rows: rows.map((r): WatchedPlayer => ({
        ...playerRef({ ...r, player_id: r.id }),
        Status: r.status as PlayerStatus,
        Balance: Number(r.balance),
        AtRisk: Number(r.at_risk),
        Available: addMoney(Number(r.credit), Number(r.balance), -Number(r.at_risk)),
        Today: Number(r.today),
        ThisWeek: Number(r.this_week),
        OpenWagers: r.open_wagers,
        LastWagers: wagers
          .filter((w) => Number(w.player_id) === r.id)
          .map((w) => ({
            IdWager: Number(w.id),
            Ticket: w.ticket,
            WagerType: w.wager_type as WatchedPlayer['LastWagers'][number]['WagerType'],
            Sport: w.sport as WatchedPlayer['LastWagers'][number]['Sport'],
            Description: w.description,
            Risk: Number(w.risk),
            ToWin: Number(w.to_win),
            FreePlay: w.free_play,
            Status: w.status as WatchedPlayer['LastWagers'][number]['Status'],
            Result: w.result as WatchedPlayer['LastWagers'][number]['Result'],
            Amount: Number(w.amount),
            PlacedAt: new Date(w.placed_at).toISOString(),
          })),
      })),
    };
  }

  return { players, playersChunks, setWatched, limits, setLimits, watchList };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
