// Position: the rules around the open book's figures: the agent must be in the caller's subtree,
// only games not yet final are shown, every amount is in the site's currency, and the games are
// listed worst exposure first up to MAX_POSITION_GAMES, the totals covering all of them.
import {
  MAX_POSITION_GAMES,
  type api,
  type ParsedBodyOf,
  type PositionResponse,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import type { ReportDeps } from '../report-module.ts';
import { positionGames } from './position-book.ts';
import { selectPositionRows } from './position-repository.ts';

export function createPositionService({ db, currency }: Pick<ReportDeps, 'db' | 'currency'>) {
  async function position(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getPosition>,
  ): Promise<PositionResponse> {
    const agent = await agentInScope(db, auth, req.idAgent);
    const [rows, fx] = await Promise.all([
      selectPositionRows(db, { siteId: auth.siteId, agentId: agent.id, sport: req.sport }),
      currency.toSiteCurrency(auth),
    ]);
    // The leagues of the agent's (and sport's) open games, for the filter, before it applies.
    const leagues = [...new Set(rows.map((r) => r.league))].sort((a, b) => a.localeCompare(b));
    const league = req.league?.toLowerCase();
    const kept =
      league === undefined ? rows : rows.filter((r) => r.league.toLowerCase() === league);
    const games = positionGames(kept, (amount, from) => fx.convert(amount, from));
    const used = fx.used();
    return {
      IdAgent: agent.id,
      Agent: agent.login,
      Currency: fx.currency,
      Converted: used.length > 0 ? { Currency: fx.currency, Rates: used } : null,
      Games: games.slice(0, MAX_POSITION_GAMES),
      Capped: games.length > MAX_POSITION_GAMES,
      Totals: {
        Games: games.length,
        Wagers: games.reduce((a, g) => a + g.Wagers, 0),
        Handle: games.reduce((a, g) => a + g.Handle, 0),
        Exposure: games.reduce((a, g) => a + g.Exposure, 0),
      },
      Leagues: leagues,
    };
  }
  return { position };
}

export type PositionService = ReturnType<typeof createPositionService>;
