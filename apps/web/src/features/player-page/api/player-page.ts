// The player page's calls: the player, its limits, its messages and changes read through the
// cache; each change refreshes the player and every list that shows it.
import type { BodyOf } from '@backline/contract/core/endpoint';
import {
  getPlayer,
  getPlayerChanges,
  getPlayerMessages,
  sendPlayerMessage,
  setPlayerAccess,
  setPlayerProfile,
} from '@backline/contract/calls/player-account';
import { requestPlayerLimits } from '@backline/contract/calls/limit-requests';
import { getPlayerLimits, setPlayerLimits } from '@backline/contract/calls/player-limits';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange, useReportQuery } from '@/lib/queries';
import { useQuery } from '@tanstack/react-query';

/** What a change to a player makes stale: the player's page and every players list. */
const PLAYER_VIEWS = ['player', 'players', 'player-standing', 'weekly-balance'];

export const usePlayerAccount = (idPlayer: number) =>
  useQuery(endpointQueryOptions(['player', idPlayer], getPlayer, { body: { idPlayer } }));

export const usePlayerLimits = (idPlayer: number) =>
  useQuery(
    endpointQueryOptions(['player', idPlayer, 'limits'], getPlayerLimits, { body: { idPlayer } }),
  );

export const usePlayerMessages = (idPlayer: number, page: number) =>
  useReportQuery(
    endpointQueryOptions(['player', idPlayer, 'messages', page], getPlayerMessages, {
      body: { idPlayer, page },
    }),
  );

export const usePlayerChanges = (idPlayer: number, page: number) =>
  useReportQuery(
    endpointQueryOptions(['player', idPlayer, 'changes', page], getPlayerChanges, {
      body: { idPlayer, page },
    }),
  );

export const useSetPlayerProfile = () =>
  useChange(
    (input: BodyOf<typeof setPlayerProfile>) => apiCall(setPlayerProfile, { body: input }),
    PLAYER_VIEWS,
  );

export const useSetPlayerAccess = () =>
  useChange(
    (input: BodyOf<typeof setPlayerAccess>) => apiCall(setPlayerAccess, { body: input }),
    PLAYER_VIEWS,
  );

export type SetLimitsBody = BodyOf<typeof setPlayerLimits>;

export const useSetPlayerLimits = () =>
  useChange(
    (input: BodyOf<typeof setPlayerLimits>) => apiCall(setPlayerLimits, { body: input }),
    PLAYER_VIEWS,
  );

/** Limits above a cap, asked of the agent above; its list of requests is stale too. */
export const useRequestPlayerLimits = () =>
  useChange(
    (input: BodyOf<typeof requestPlayerLimits>) => apiCall(requestPlayerLimits, { body: input }),
    [...PLAYER_VIEWS, 'limit-requests'],
  );

export const useSendPlayerMessage = () =>
  useChange(
    (input: BodyOf<typeof sendPlayerMessage>) => apiCall(sendPlayerMessage, { body: input }),
    ['player'],
  );
