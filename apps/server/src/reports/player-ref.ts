// A report row's player as the wire names it (the contract's PlayerRef), from the columns every
// report selects for its players, or from a player checked to be in the caller's scope.
import type { PlayerRef } from '@backline/contract';
import type { z } from 'zod';
import type { ScopedPlayer } from '../agents/scope.ts';

/** The player columns a report's query selects beside its own figures. */
export interface PlayerDbColumns {
  player_id: number;
  login: string;
  name: string;
  agent_id: number;
  agent: string;
  currency: string;
}

/** The same columns where a player list selects the player's own id as `id`. */
export type PlayerRowDbColumns = Omit<PlayerDbColumns, 'player_id'> & { id: number };

export function playerRef(r: PlayerDbColumns): z.output<typeof PlayerRef> {
  return {
    IdPlayer: r.player_id,
    Player: r.login,
    Name: r.name,
    IdAgent: r.agent_id,
    Agent: r.agent,
    Currency: r.currency,
  };
}

export function scopedPlayerRef(p: ScopedPlayer): z.output<typeof PlayerRef> {
  return playerRef({ ...p, player_id: p.id, agent_id: p.agentId });
}
