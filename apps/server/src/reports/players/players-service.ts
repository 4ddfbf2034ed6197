// Players: the list an agent runs its book from, and the watch list. Available = credit limit +
// balance - at risk (DOMAIN.md); a money sort ranks across currencies in the site's currency.
import {
  addMoney,
  computePeriod,
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
import { ValidationError } from '../../errors.ts';
import { audit } from '../../security/audit-repository.ts';
import { playerRef } from '../player-ref.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './players-repository.ts';

type PlayersRequest = ParsedBodyOf<typeof api.getPlayers>;

const TEXT_SORTS = new Set(['player', 'name', 'agent']);

/** Who asked, for the audit row of a change. */
export interface Caller {
  address: string;
  requestId: string;
}

function toRow(r: repo.PlayerListDbRow): PlayerListRow {
  const available = addMoney(r.credit_limit, r.balance, -r.at_risk);
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

export function createPlayersService(deps: Pick<ReportDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  /** The list's rows as asked: the agent in scope, this week in the site's zone. */
  async function listOf(auth: AgentAuth, req: Omit<PlayersRequest, 'page' | 'pageSize'>) {
    const agent = await agentInScope(db, auth, req.idAgent);
    const week = computePeriod(Period.ThisWeek, now(), auth.timeZone);
    const query: repo.PlayersQuery = {
      siteId: auth.siteId,
      agentId: agent.id,
      week: week.StartDate,
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
    const refuseLong = (count: number) => {
      if (count > EXPORT_MAX_ROWS)
        throw new ValidationError('export_too_large', { rows: count, max: EXPORT_MAX_ROWS });
    };
    for await (const rows of repo.playersChunks(db, query, order, chunkSize, refuseLong))
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

  return { players, playersChunks, setWatched };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
