import type { BodyOf } from '@backline/contract/core/endpoint';
import { createPlayer } from '@backline/contract/calls/player-create';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

/** A new player: every players list and the weekly balances count it at once. */
export const useCreatePlayer = () =>
  useChange(
    (input: BodyOf<typeof createPlayer>) => apiCall(createPlayer, { body: input }),
    ['players', 'player-standing', 'weekly-balance'],
  );
