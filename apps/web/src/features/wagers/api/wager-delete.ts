import type { BodyOf, ResponseOf } from '@backline/contract/core/endpoint';
import { wagerDelete } from '@backline/contract/reports/wagers';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

export type WagerDeleteInput = BodyOf<typeof wagerDelete>;
export type WagerDeleteResult = ResponseOf<typeof wagerDelete>;

/** Every wager list, summary and the wager itself changed: none may be served from cache. */
export const useWagerDelete = () =>
  useChange((input: WagerDeleteInput) => apiCall(wagerDelete, { body: input }), ['wagers']);
