// A player moved to another agent (decision 021), under the player's lock like any posting, at the
// platform's instant (never before the player's last entry): the move's week and later belong to
// the new agent, earlier weeks stay with the old one, and every rollup follows in the transaction.
import { localDate, mondayOf } from '@backline/contract';
import { NotFoundError } from '../errors.ts';
import { findAgentWithZone } from './ledger-repository.ts';
import { withPlayer, type LedgerDeps } from './ledger-posting.ts';
import { moveWeek } from './player-move-repository.ts';

export interface PlayerMoved {
  moved: boolean;
  /** The first week that is the new agent's. */
  weekStart: string | null;
  /** The balance the player brought into that week. */
  carry: number;
}

export function movePlayer(
  deps: LedgerDeps,
  input: { siteId: number; playerId: number; toAgentId: number },
): Promise<PlayerMoved> {
  return withPlayer(deps, input.siteId, input.playerId, async ({ tx, player, at, state }) => {
    if (player.agentId === input.toAgentId) return { moved: false, weekStart: null, carry: 0 };
    const agent = await findAgentWithZone(tx, input.siteId, input.toAgentId);
    if (!agent) throw new NotFoundError('agent_not_found', { agent: input.toAgentId });
    const weekStart = mondayOf(localDate(at, player.timeZone));
    const carry = await moveWeek(tx, {
      siteId: input.siteId,
      playerId: player.id,
      currency: player.currency,
      timeZone: player.timeZone,
      fromAgentId: player.agentId,
      toAgentId: input.toAgentId,
      weekStart,
      movedAt: at,
      latest: state().weekly,
    });
    return { moved: true, weekStart, carry };
  });
}
