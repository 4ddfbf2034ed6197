import { insertPlayerAdjustment } from '@backline/contract/reports/player-payment';
import type { BodyOf } from '@backline/contract/core/endpoint';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';
import { BALANCE_REPORTS } from './insert-player-payment';

export type NewPlayerAdjustment = BodyOf<typeof insertPlayerAdjustment>;

export const useInsertPlayerAdjustment = () =>
  useChange(
    (adjustment: NewPlayerAdjustment) => apiCall(insertPlayerAdjustment, { body: adjustment }),
    BALANCE_REPORTS,
  );
