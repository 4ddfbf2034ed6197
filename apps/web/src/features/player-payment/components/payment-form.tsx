import type { PlayerStandingRow } from '@backline/contract/endpoints/money-reports';
import { PAYMENT_DIRECTIONS } from '@backline/contract/endpoints/money-reports';
import { formatMoney } from '@backline/contract/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/payments/amount-field';
import { DirectionField } from '@/components/payments/direction-field';
import { MethodSelect, type PaymentMethod } from '@/components/payments/method-select';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { Money } from '@/components/ui/money-cell';
import { parseAmount } from '@/lib/amount-input';
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
 */
export function PaymentForm({ onDone }: PaymentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [player, setPlayer] = useState<PlayerStandingRow | null>(null);
  const [amountText, setAmountText] = useState('');
  const [direction, setDirection] = useState<Direction>('receipt');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const mutation = useInsertPlayerPayment();
  const siteCurrency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const currency = player?.Currency ?? siteCurrency;
  const amount = parseAmount(amountText, currency, locale);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
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
                onClick={() => setPlayer(null)}
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
      <AmountField
        id={`${id}-amount`}
        value={amountText}
        onChange={setAmountText}
        currency={currency}
        locale={locale}
        parsed={amount}
        showError={tried || (amountText !== '' && !amount.ok && amount.reason !== 'empty')}
      />
      <DirectionField
        legend={t('payments.direction')}
        value={direction}
        onChange={setDirection}
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
      <div className="payment-form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('payments.saving') : t('playerPayment.submit')}
        </button>
        <button type="button" className="button" onClick={onDone} disabled={mutation.isPending}>
          {t('payments.cancel')}
        </button>
      </div>
    </form>
  );
}
