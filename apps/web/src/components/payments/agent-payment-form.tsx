import { AGENT_PAYMENT_DIRECTIONS } from '@backline/contract/reports/agent-payments';
import { Period } from '@backline/contract/core/enums';
import { formatMoney, type Money } from '@backline/contract/core/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentFields, type PaymentDraft } from './payment-fields';
import { PaymentForm } from './payment-form';
import { SelectField } from '@/components/ui/text-field';
import { amountInputText } from '@/lib/amount-input';
import { useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useAgentPayments } from './get-agent-payments';
import { useInsertAgentPayment } from './insert-agent-payment';
import { useMoneyEntry } from './use-money-entry';

export type AgentPaymentDirection = (typeof AGENT_PAYMENT_DIRECTIONS)[number];
type Direction = AgentPaymentDirection;

/** What a form opened from a figure (a sheet's balance forward) starts with; still confirmed. */
export interface AgentPaymentStart {
  idAgent: number;
  amount: Money;
  direction: Direction;
}

const NEW_SETTLEMENT: PaymentDraft<Direction> = { direction: 'toMaster', method: 'bank', note: '' };

/**
 * Records a settlement between a sub-agent and its master. The idempotency key is made when the
 * form opens and kept through retries and double clicks, so the settlement is stored once.
 * Nothing is stored before the confirm step has shown the amount and what the sub-agent has paid
 * its master this week, before and after (settlements move no balance of their own).
 */
export function AgentPaymentForm({
  onDone,
  start,
}: {
  onDone: () => void;
  start?: AgentPaymentStart;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Settlements are entered from above: only agents below the signed-in one can be chosen.
  const agents = useAgentStore((s) => s.subAgents).filter((a) => a.Depth > 0);
  // Agents settle in the book's currency.
  const currency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [idAgent, setIdAgent] = useState(start?.idAgent ?? agents[0]?.IdAgent ?? 0);
  const [draft, setDraft] = useState(
    start ? { ...NEW_SETTLEMENT, direction: start.direction } : NEW_SETTLEMENT,
  );
  const mutation = useInsertAgentPayment();
  const entry = useMoneyEntry(
    currency,
    locale,
    start ? amountInputText(start.amount, currency, locale) : '',
  );
  const amount = entry.parsed;
  const week = useAgentPayments({ idAgent, scope: 'self', period: Period.ThisWeek });
  // Positive rows were paid by the agent to its master (the contract's sign).
  const paidThisWeek = week.data?.Rows.reduce((sum, r) => sum + r.Amount, 0);
  const agent = agents.find((a) => a.IdAgent === idAgent);
  const { direction } = draft;

  const post = () => {
    if (mutation.isPending || !idAgent || !amount.ok) return;
    mutation.mutate(
      { idAgent, amount: amount.minor, ...draft, note: draft.note.trim(), idempotencyKey },
      {
        onSuccess: ({ Payment }) => {
          toast.success(
            t('agentPayments.saved', {
              amount: formatMoney(Math.abs(Payment.Amount), Payment.Currency, locale),
              agent: Payment.Agent,
            }),
          );
          onDone();
        },
      },
    );
  };

  if (agents.length === 0) {
    return <p className="alert alert--info">{t('agentPayments.noSubAgents')}</p>;
  }
  return (
    <PaymentForm
      title={t('agentPayments.formTitle')}
      submitLabel={t('agentPayments.submit')}
      entry={entry}
      onReview={() => entry.review(idAgent !== 0)}
      party={
        <SelectField
          label={t('agentPayments.subAgent')}
          value={idAgent}
          onChange={(e) => {
            setIdAgent(Number(e.target.value));
            entry.edit();
          }}
        >
          {agents.map((a) => (
            <option key={a.IdAgent} value={a.IdAgent}>
              {a.Login}
              {a.Name && a.Name !== a.Login ? ` · ${a.Name}` : ''}
            </option>
          ))}
        </SelectField>
      }
      details={
        <PaymentFields
          directions={AGENT_PAYMENT_DIRECTIONS}
          words="agentPayments"
          value={draft}
          onChange={(next) => {
            setDraft(next);
            entry.edit();
          }}
        />
      }
      confirm={
        agent && amount.ok
          ? {
              summary: t(`agentPayments.confirm.${direction}`, {
                amount: formatMoney(amount.minor, currency, locale),
                agent: agent.Login,
              }),
              balance:
                paidThisWeek === undefined
                  ? null
                  : {
                      label: t('agentPayments.settledThisWeek', { agent: agent.Login }),
                      before: paidThisWeek,
                      after:
                        paidThisWeek + (direction === 'toMaster' ? amount.minor : -amount.minor),
                    },
            }
          : null
      }
      mutation={mutation}
      onPost={post}
      onCancel={onDone}
    />
  );
}
