import { resetAgentSecondStep } from '@backline/contract/calls/second-step';
import { apiCall } from '@/lib/api-client';
import { useChange } from '@/lib/queries';

/** A sub-agent lost its device: its second step goes, and with it its sessions. */
export const useResetSecondStep = () =>
  useChange(
    (IdAgent: number) => apiCall(resetAgentSecondStep, { body: { IdAgent } }),
    ['agent-sessions'],
  );
