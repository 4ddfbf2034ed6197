import { insertPlayerPayment } from '@backline/contract/reports/player-payment';
import type { BodyOf } from '@backline/contract/core/endpoint';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

export type NewPlayerPayment = BodyOf<typeof insertPlayerPayment>;

/** A payment or an adjustment moves the player's balance: every report that shows it is stale now. */
export const BALANCE_REPORTS = [
  'player-payment',
  'player-history',
  'player-standing',
  'weekly-balance',
  'new-weekly-balance',
  'cash-flow',
  'player',
  'players',
];

export const useInsertPlayerPayment = () =>
  useChange(
    (payment: NewPlayerPayment) => apiCall(insertPlayerPayment, { body: payment }),
    BALANCE_REPORTS,
  );
