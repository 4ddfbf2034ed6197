import { insertPlayerFreePlay } from '@backline/contract/calls/player-free-play';
import type { BodyOf } from '@backline/contract/core/endpoint';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';
import { BALANCE_REPORTS } from './insert-player-payment';

export type NewPlayerFreePlay = BodyOf<typeof insertPlayerFreePlay>;

export const useInsertPlayerFreePlay = () =>
  useChange(
    (freePlay: NewPlayerFreePlay) => apiCall(insertPlayerFreePlay, { body: freePlay }),
    BALANCE_REPORTS,
  );
