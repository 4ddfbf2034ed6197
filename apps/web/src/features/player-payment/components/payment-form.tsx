import type { PlayerStandingRow } from '@backline/contract/endpoints/money-reports';
import { PAYMENT_DIRECTIONS } from '@backline/contract/endpoints/money-reports';
import { formatMoney } from '@backline/contract/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/payments/amount-field';
import { DirectionField } from '@/components/payments/direction-field';
import { MethodSelect, type PaymentMethod } from '@/components/payments/method-select';
import { MoneyConfirm } from '@/components/payments/money-confirm';
import { useMoneyEntry } from '@/components/payments/use-money-entry';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { Money } from '@/components/ui/money-cell';
import { useErrorMessage } from '@/lib/errors';
import { useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useInsertPlayerPayment } from '../api/insert-player-payment';

type Direction = (typeof PAYMENT_DIRECTIONS)[number];

interface PaymentFormProps {
  onDone: () => void;
}

/**
 * Enters one player payment. The idempotency key is made when the form opens and kept through
 * retries and double clicks, so however often it is sent, the server posts the payment once.
 * Nothing posts before the confirm step has shown the amount and the player's balance after it.
 */
export function PaymentForm({ onDone }: PaymentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [player, setPlayer] = useState<PlayerStandingRow | null>(null);
  const [direction, setDirection] = useState<Direction>('receipt');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const mutation = useInsertPlayerPayment();
  const siteCurrency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const currency = player?.Currency ?? siteCurrency;
  const entry = useMoneyEntry(currency, locale);
  const amount = entry.parsed;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    entry.review(player !== null);
  };

  const post = () => {
    if (mutation.isPending || !player || !amount.ok) return;
    mutation.mutate(
      {
        idPlayer: player.IdPlayer,
        amount: amount.minor,
        direction,
        method,
        note: note.trim(),
        idempotencyKey,
      },
      {
        onSuccess: ({ Payment }) => {
          toast.success(
            t(`playerPayment.saved.${direction}`, {
              amount: formatMoney(Math.abs(Payment.Amount), Payment.Currency, locale),
              player: Payment.Player,
            }),
          );
          onDone();
        },
      },
    );
  };

  return (
    <form className="payment-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="payment-form__title">
        {t('playerPayment.formTitle')}
      </h2>
      <div className="payment-form__wide">
        {player ? (
          <div className="field">
            <span className="field__label" id={`${id}-player`}>
              {t('playerPayment.player')}
            </span>
            <div className="payment-form__chosen" aria-labelledby={`${id}-player`} role="group">
              <span className="player-picker__who">
                <span className="player__login">{player.Player}</span>
                <span className="player__name">
                  {player.Name} · {player.Agent} · {t('playerStanding.columns.Balance')}{' '}
                  <Money minor={player.Balance} currency={player.Currency} locale={locale} />
                </span>
              </span>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setPlayer(null);
                  entry.edit();
                }}
              >
                {t('playerPayment.changePlayer')}
              </button>
            </div>
          </div>
        ) : (
          <>
            <PlayerPicker label={t('playerPayment.player')} onPick={setPlayer} autoFocus />
            {tried && <p className="field__error">{t('playerPayment.playerRequired')}</p>}
          </>
        )}
      </div>
      <AmountField id={`${id}-amount`} {...entry.field} />
      <DirectionField
        legend={t('payments.direction')}
        value={direction}
        onChange={(d) => {
          setDirection(d);
          entry.edit();
        }}
        options={PAYMENT_DIRECTIONS.map((d) => ({
          value: d,
          label: t(`playerPayment.directions.${d}`),
          hint: t(`playerPayment.directionHints.${d}`),
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
      {entry.confirming && player && amount.ok ? (
        <MoneyConfirm
          summary={t(`playerPayment.confirm.${direction}`, {
            amount: formatMoney(amount.minor, currency, locale),
            player: player.Player,
          })}
          amount={amount.minor}
          currency={currency}
          locale={locale}
          balance={{
            label: t('playerPayment.balanceOf', { player: player.Player }),
            before: player.Balance,
            // A receipt raises the player's balance, a disbursement lowers it (DOMAIN.md).
            after: player.Balance + (direction === 'receipt' ? amount.minor : -amount.minor),
          }}
          pending={mutation.isPending}
          onConfirm={post}
          onEdit={entry.edit}
        />
      ) : (
        <div className="payment-form__actions">
          <button type="submit" className="button button--primary">
            {t('playerPayment.submit')}
          </button>
          <button type="button" className="button" onClick={onDone}>
            {t('payments.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}
