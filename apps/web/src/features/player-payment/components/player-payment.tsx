import { settlementPeriod } from '@backline/contract/core/periods';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { PaymentsTable } from '@/components/payments/payments-table';
import { PlayerLink } from '@/components/ui/player-link';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { PERIOD_AGENT_URL, usePeriodAgentState } from '@/lib/period-agent-state';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerPayments } from '../api/get-player-payments';
import {
  EntryForm,
  EntryKindButtons,
  useEntryKinds,
  type EntryKind,
} from '@/components/player-entry/entry-form';
import '@/components/payments/payments.css';

export function PlayerPayment() {
  const { t } = useTranslation();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const kinds = useEntryKinds();
  // Where agents settle: on a Monday the screen opens on the week just closed.
  const { patch, range, idAgent } = usePeriodAgentState(
    PERIOD_AGENT_URL,
    settlementPeriod(new Date(), timeZone),
  );
  // The kind the entry form opened on; null: closed. Each opening is a new form: one form, one entry.
  const [formKind, setFormKind] = useState<EntryKind | null>(null);
  const query = usePlayerPayments({ idAgent, ...range });

  return (
    <PeriodAgentReport
      screen="playerPayment"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      tools={
        <>
          {!formKind && <EntryKindButtons kinds={kinds} onOpen={setFormKind} />}
          <ExportButton target={{ report: 'playerPayments', filters: { idAgent, ...range } }} />
        </>
      }
      range={range}
      idAgent={idAgent}
      onChange={patch}
      above={
        formKind && <EntryForm kinds={kinds} initial={formKind} onDone={() => setFormKind(null)} />
      }
    >
      {(report, days) => (
        <PaymentsTable
          report={report}
          fetching={query.isFetching}
          total={(total) => ({ ...total, In: total.Receipts, Out: total.Disbursements })}
          caption={t('playerPayment.caption', { period: days.text })}
          screen="playerPayment"
          directions={['receipt', 'disbursement']}
          leading={[
            {
              id: 'player',
              header: t('playerPayment.columns.player'),
              cell: (row) => (
                <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />
              ),
            },
          ]}
          trailing={[
            {
              id: 'balanceAfter',
              header: t('playerPayment.columns.balanceAfter'),
              money: (row) => ({ minor: row.BalanceAfter, currency: row.Currency }),
            },
          ]}
        />
      )}
    </PeriodAgentReport>
  );
}
