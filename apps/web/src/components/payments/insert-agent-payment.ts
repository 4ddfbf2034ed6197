import { insertAgentPayment } from '@backline/contract/reports/agent-payments';
import type { BodyOf } from '@backline/contract/core/endpoint';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

export type NewAgentPayment = BodyOf<typeof insertAgentPayment>;

// A settlement is also the master sheet's "paid", so the sheet's balance forward moves with it.
export const useInsertAgentPayment = () =>
  useChange(
    (payment: NewAgentPayment) => apiCall(insertAgentPayment, { body: payment }),
    ['agent-payments', 'master-sheet'],
  );
