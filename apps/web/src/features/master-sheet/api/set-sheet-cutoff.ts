import type { BodyOf } from '@backline/contract/core/endpoint';
import { setSheetCutoff } from '@backline/contract/reports/master-sheet';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

// The cut-off moves when the open week closes (its ClosesAt).
export const useSetSheetCutoff = () =>
  useChange(
    (input: BodyOf<typeof setSheetCutoff>) => apiCall(setSheetCutoff, { body: input }),
    ['master-sheet', 'agent-deal'],
  );
