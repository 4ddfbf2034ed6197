import { setSheetEmail } from '@backline/contract/reports/master-sheet';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

export const useSetSheetEmail = () =>
  useChange((enabled: boolean) => apiCall(setSheetEmail, { body: { enabled } }), ['master-sheet']);
