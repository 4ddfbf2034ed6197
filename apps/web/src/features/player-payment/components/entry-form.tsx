import { PAYMENT_DIRECTIONS } from '@backline/contract/reports/player-payment';
import { type PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { formatMoney } from '@backline/contract/core/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { PaymentFields, type PaymentDraft } from '@/components/payments/payment-fields';
import { PaymentForm } from '@/components/payments/payment-form';
import { useMoneyEntry } from '@/components/payments/use-money-entry';
import { useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useInsertPlayerAdjustment } from '../api/insert-player-adjustment';
import { useInsertPlayerPayment } from '../api/insert-player-payment';
import { AdjustmentFields, NEW_ADJUSTMENT, type AdjustmentDraft } from './adjustment-fields';
import { PlayerField } from './player-field';

type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

const NEW_PAYMENT: PaymentDraft<PaymentDirection> = {
  direction: 'receipt',
  method: 'cash',
  note: '',
};

export const ENTRY_KINDS = ['payment', 'adjustment'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

interface EntryFormProps {
  /** The kinds the agent's rights allow; the form offers a choice when there are two. */
  kinds: readonly EntryKind[];
  initial: EntryKind;
  onDone: () => void;
}

/**
 * Enters one player payment or adjustment. The player and the amount stay when the kind changes.
 * Each kind's idempotency key is made when the form opens and kept through retries and double
 * clicks, so however often it is sent, the server posts the entry once. Nothing posts before the
 * confirm step has shown the amount and the player's balance after it.
 */
export function EntryForm({ kinds, initial, onDone }: EntryFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const [keys] = useState(() => ({
    payment: crypto.randomUUID(),
    adjustment: crypto.randomUUID(),
  }));
  const [kind, setKind] = useState<EntryKind>(initial);
  const [player, setPlayer] = useState<PlayerStandingRow | null>(null);
  const [payment, setPayment] = useState(NEW_PAYMENT);
  const [adjustment, setAdjustment] = useState<AdjustmentDraft>(NEW_ADJUSTMENT);
  const [tried, setTried] = useState(false);
  const payments = useInsertPlayerPayment();
  const adjustments = useInsertPlayerAdjustment();
  const mutation = kind === 'payment' ? payments : adjustments;
  const siteCurrency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const currency = player?.Currency ?? siteCurrency;
  const entry = useMoneyEntry(currency, locale);
  const amount = entry.parsed;
  const reason = adjustment.reason.trim();
  // Any change goes back from the confirm step: what it showed is no longer what would post.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      entry.edit();
    };

  const direction = kind === 'payment' ? payment.direction : adjustment.direction;
  // A receipt or a credit raises the player's balance; a disbursement or a debit lowers it.
  const raises = direction === 'receipt' || direction === 'credit';
  const words = kind === 'payment' ? 'playerPayment' : 'playerPayment.adjustment';

  const post = () => {
    if (mutation.isPending || !player || !amount.ok) return;
    const saved = (posted: { Amount: number; Currency: string; Player: string }) => {
      toast.success(
        t(`${words}.saved.${direction}`, {
          amount: formatMoney(Math.abs(posted.Amount), posted.Currency, locale),
          player: posted.Player,
        }),
      );
      onDone();
    };
    const to = { idPlayer: player.IdPlayer, amount: amount.minor };
    if (kind === 'payment')
      payments.mutate(
        { ...to, ...payment, note: payment.note.trim(), idempotencyKey: keys.payment },
        { onSuccess: ({ Payment }) => saved(Payment) },
      );
    else
      adjustments.mutate(
        { ...to, direction: adjustment.direction, reason, idempotencyKey: keys.adjustment },
        { onSuccess: ({ Adjustment }) => saved(Adjustment) },
      );
  };

  return (
    <PaymentForm
      title={t(`${words}.formTitle`)}
      submitLabel={t(`${words}.submit`)}
      entry={entry}
      onReview={() => {
        setTried(true);
        entry.review(player !== null && (kind === 'payment' || reason !== ''));
      }}
      party={
        <>
          {kinds.length > 1 && (
            <div className="payment-form__wide">
              <DirectionField
                legend={t('playerPayment.kind')}
                value={kind}
                onChange={changed(setKind)}
                directions={kinds}
                names="playerPayment.kinds"
                hints="playerPayment.kindHints"
              />
            </div>
          )}
          <PlayerField
            id={id}
            player={player}
            onChange={changed(setPlayer)}
            locale={locale}
            missing={tried && !player}
          />
        </>
      }
      details={
        kind === 'payment' ? (
          <PaymentFields
            directions={PAYMENT_DIRECTIONS}
            words="playerPayment"
            value={payment}
            onChange={changed(setPayment)}
          />
        ) : (
          <AdjustmentFields
            value={adjustment}
            onChange={changed(setAdjustment)}
            showErrors={tried}
          />
        )
      }
      confirm={
        player && amount.ok
          ? {
              summary: t(`${words}.confirm.${direction}`, {
                amount: formatMoney(amount.minor, currency, locale),
                player: player.Player,
                reason,
              }),
              balance: {
                label: t('playerPayment.balanceOf', { player: player.Player }),
                before: player.Balance,
                after: player.Balance + (raises ? amount.minor : -amount.minor),
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
