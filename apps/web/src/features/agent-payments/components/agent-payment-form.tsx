import { AGENT_PAYMENT_DIRECTIONS } from '@backline/contract/endpoints/money-reports';
import { Period } from '@backline/contract/enums';
import { formatMoney } from '@backline/contract/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/payments/amount-field';
import { DirectionField } from '@/components/payments/direction-field';
import { MethodSelect, type PaymentMethod } from '@/components/payments/method-select';
import { MoneyConfirm } from '@/components/payments/money-confirm';
import { useMoneyEntry } from '@/components/payments/use-money-entry';
import { useErrorMessage } from '@/lib/errors';
import { useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useAgentPayments } from '../api/get-agent-payments';
import { useInsertAgentPayment } from '../api/insert-agent-payment';

type Direction = (typeof AGENT_PAYMENT_DIRECTIONS)[number];

/**
 * Records a settlement between a sub-agent and its master. The idempotency key is made when the
 * form opens and kept through retries and double clicks, so the settlement is stored once.
 * Nothing is stored before the confirm step has shown the amount and what the sub-agent has paid
 * its master this week, before and after (settlements move no balance of their own).
 */
export function AgentPaymentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  // Settlements are entered from above: only agents below the signed-in one can be chosen.
  const agents = useAgentStore((s) => s.subAgents).filter((a) => a.Depth > 0);
  // Agents settle in the book's currency.
  const currency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [idAgent, setIdAgent] = useState(agents[0]?.IdAgent ?? 0);
  const [direction, setDirection] = useState<Direction>('toMaster');
  const [method, setMethod] = useState<PaymentMethod>('bank');
  const [note, setNote] = useState('');
  const mutation = useInsertAgentPayment();
  const entry = useMoneyEntry(currency, locale);
  const amount = entry.parsed;
  const week = useAgentPayments({ idAgent, scope: 'self', period: Period.ThisWeek });
  // Positive rows were paid by the agent to its master (the contract's sign).
  const paidThisWeek = week.data?.Rows.reduce((sum, r) => sum + r.Amount, 0);
  const agent = agents.find((a) => a.IdAgent === idAgent);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    entry.review(idAgent !== 0);
  };

  const post = () => {
    if (mutation.isPending || !idAgent || !amount.ok) return;
    mutation.mutate(
      { idAgent, amount: amount.minor, direction, method, note: note.trim(), idempotencyKey },
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
    <form className="payment-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="payment-form__title">
        {t('agentPayments.formTitle')}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-agent`}>{t('agentPayments.subAgent')}</label>
        <select
          id={`${id}-agent`}
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
        </select>
      </div>
      <AmountField id={`${id}-amount`} {...entry.field} />
      <DirectionField
        legend={t('payments.direction')}
        value={direction}
        onChange={(d) => {
          setDirection(d);
          entry.edit();
        }}
        options={AGENT_PAYMENT_DIRECTIONS.map((d) => ({
          value: d,
          label: t(`agentPayments.directions.${d}`),
          hint: t(`agentPayments.directionHints.${d}`),
        }))}
      />
      <MethodSelect id={`${id}-method`} value={method} onChange={setMethod} />
      <div className="field payment-form__wide">
        <label htmlFor={`${id}-note`}>{t('payments.note')}</label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {mutation.isError && (
        <p className="alert alert--error payment-form__wide" role="alert">
          {errorMessage(mutation.error)}
        </p>
      )}
      {entry.confirming && agent && amount.ok ? (
        <MoneyConfirm
          summary={t(`agentPayments.confirm.${direction}`, {
            amount: formatMoney(amount.minor, currency, locale),
            agent: agent.Login,
          })}
          amount={amount.minor}
          currency={currency}
          locale={locale}
          balance={
            paidThisWeek === undefined
              ? null
              : {
                  label: t('agentPayments.settledThisWeek', { agent: agent.Login }),
                  before: paidThisWeek,
                  after: paidThisWeek + (direction === 'toMaster' ? amount.minor : -amount.minor),
                }
          }
          pending={mutation.isPending}
          onConfirm={post}
          onEdit={entry.edit}
        />
      ) : (
        <div className="payment-form__actions">
          <button type="submit" className="button button--primary">
            {t('agentPayments.submit')}
          </button>
          <button type="button" className="button" onClick={onDone}>
            {t('payments.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}
