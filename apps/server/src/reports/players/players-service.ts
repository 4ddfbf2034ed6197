// Players: the list an agent runs its book from and the watch list; a player's limits are
// player-limits-service.ts.
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
  Period,
  type api,
  type ParsedBodyOf,
  type PlayerListRow,
  type PlayersPage,
  type PlayerStatus,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { moneyRanking } from '../../currency/ranking.ts';
import { atMost } from '../../export/export-limit.ts';
import type { Caller } from '../../security/audit-repository.ts';
import { playerRef } from '../player-ref.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './players-repository.ts';
import * as watchRepo from './watch-list-repository.ts';
import { recordPlayerChange } from './player-change-service.ts';

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
    ClvScore: r.clv_score === null ? null : Number(r.clv_score),
    Sharp: r.sharp,
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
      await recordPlayerChange(tx, deps.outbox, auth, caller, {
        action: changed.watched ? 'player.watched' : 'player.unwatched',
        playerId: player.id,
        was: changed.before,
        is: changed.watched,
        at: now(),
      });
      return { IdPlayer: changed.id, Watched: changed.watched };
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

  return { players, playersChunks, setWatched, watchList };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
