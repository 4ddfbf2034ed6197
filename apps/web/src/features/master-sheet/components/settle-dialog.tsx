import type { SheetRow } from '@backline/contract/reports/master-sheet';
import { useTranslation } from 'react-i18next';
import { AgentPaymentForm } from '@/components/payments/agent-payment-form';
import { Dialog } from '@/components/ui/dialog';
import '@/components/payments/payments.css';

/**
 * The settlement form, opened on a row's balance forward: the agent, the amount and the way it
 * goes are filled in (positive: the agent owes, so it pays its master), and still confirmed.
 */
export function SettleDialog({ row, onClose }: { row: SheetRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('masterSheet.settleTitle', { agent: row.Agent })} onClose={onClose}>
      <AgentPaymentForm
        onDone={onClose}
        start={{
          idAgent: row.IdAgent,
          amount: Math.abs(row.BalanceForward),
          direction: row.BalanceForward > 0 ? 'toMaster' : 'fromMaster',
        }}
      />
    </Dialog>
  );
}
