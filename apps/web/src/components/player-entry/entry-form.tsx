import {
  FREE_PLAY_DIRECTIONS,
  type FreePlayDirection,
} from '@backline/contract/calls/player-free-play';
import {
  ADJUSTMENT_DIRECTIONS,
  PAYMENT_DIRECTIONS,
  type AdjustmentDirection,
} from '@backline/contract/reports/player-payment';
import type { Right } from '@backline/contract/core/enums';
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
import { useInsertPlayerAdjustment } from './insert-player-adjustment';
import { useInsertPlayerFreePlay } from './insert-player-free-play';
import { useInsertPlayerPayment } from './insert-player-payment';
import { CorrectionFields, type CorrectionDraft } from './correction-fields';
import { PlayerField, type EntryPlayer } from './player-field';

type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

const NEW_PAYMENT: PaymentDraft<PaymentDirection> = {
  direction: 'receipt',
  method: 'cash',
  note: '',
};

const NEW_ADJUSTMENT: CorrectionDraft<AdjustmentDirection> = { direction: 'credit', reason: '' };
const NEW_FREE_PLAY: CorrectionDraft<FreePlayDirection> = { direction: 'grant', reason: '' };

export const ENTRY_KINDS = ['payment', 'adjustment', 'freePlay'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The words of each kind's form. */
const WORDS: Record<EntryKind, string> = {
  payment: 'playerPayment',
  adjustment: 'playerPayment.adjustment',
  freePlay: 'playerPayment.freePlay',
};

/** The right each kind of entry asks for. */
const RIGHT_OF: Record<EntryKind, Right> = {
  payment: 'managePayments',
  adjustment: 'enterAdjustments',
  freePlay: 'freePlay',
};

/** The kinds of entry the agent's rights allow, in the form's order. */
export function useEntryKinds(): EntryKind[] {
  const rights = useAgentStore((s) => s.rights);
  return ENTRY_KINDS.filter((kind) => rights.includes(RIGHT_OF[kind]));
}

/** A button per kind of entry the agent may make, each opening the form on that kind. */
export function EntryKindButtons(props: {
  kinds: readonly EntryKind[];
  onOpen: (kind: EntryKind) => void;
}) {
  const { t } = useTranslation();
  return props.kinds.map((kind) => (
    <button
      key={kind}
      type="button"
      className={kind === 'payment' ? 'button button--primary' : 'button'}
      onClick={() => props.onOpen(kind)}
    >
      {t(`playerPayment.enterKind.${kind}`)}
    </button>
  ));
}

interface EntryFormProps {
  /** The kinds the agent's rights allow; the form offers a choice when there are more. */
  kinds: readonly EntryKind[];
  initial: EntryKind;
  /** The player it is for, when the screen is the player's own; else picked in the form. */
  player?: EntryPlayer;
  onDone: () => void;
}

/**
 * Enters one player payment or adjustment. The player and the amount stay when the kind changes.
 * Each kind's idempotency key is made when the form opens and kept through retries and double
 * clicks, so however often it is sent, the server posts the entry once. Nothing posts before the
 * confirm step has shown the amount and the player's balance after it.
 */
export function EntryForm({ kinds, initial, player: fixed, onDone }: EntryFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const [keys] = useState(() => ({
    payment: crypto.randomUUID(),
    adjustment: crypto.randomUUID(),
    freePlay: crypto.randomUUID(),
  }));
  const [kind, setKind] = useState<EntryKind>(initial);
  const [picked, setPlayer] = useState<EntryPlayer | null>(null);
  const player = fixed ?? picked;
  const [payment, setPayment] = useState(NEW_PAYMENT);
  const [adjustment, setAdjustment] = useState(NEW_ADJUSTMENT);
  const [freePlay, setFreePlay] = useState(NEW_FREE_PLAY);
  const [tried, setTried] = useState(false);
  const mutations = {
    payment: useInsertPlayerPayment(),
    adjustment: useInsertPlayerAdjustment(),
    freePlay: useInsertPlayerFreePlay(),
  };
  const mutation = mutations[kind];
  const siteCurrency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const currency = player?.Currency ?? siteCurrency;
  const entry = useMoneyEntry(currency, locale);
  const amount = entry.parsed;
  const correction = kind === 'freePlay' ? freePlay : adjustment;
  const reason = correction.reason.trim();
  // Any change goes back from the confirm step: what it showed is no longer what would post.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      entry.edit();
    };

  const direction = kind === 'payment' ? payment.direction : correction.direction;
  // A receipt, a credit or a grant raises what the player holds; the others lower it.
  const raises = direction === 'receipt' || direction === 'credit' || direction === 'grant';
  const words = WORDS[kind];
  // Free play moves the free-play balance; payments and adjustments, the balance.
  const held = player && (kind === 'freePlay' ? player.FreePlayBalance : player.Balance);

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
      mutations.payment.mutate(
        { ...to, ...payment, note: payment.note.trim(), idempotencyKey: keys.payment },
        { onSuccess: ({ Payment }) => saved(Payment) },
      );
    else if (kind === 'adjustment')
      mutations.adjustment.mutate(
        { ...to, direction: adjustment.direction, reason, idempotencyKey: keys.adjustment },
        { onSuccess: ({ Adjustment }) => saved(Adjustment) },
      );
    else
      mutations.freePlay.mutate(
        { ...to, direction: freePlay.direction, reason, idempotencyKey: keys.freePlay },
        { onSuccess: ({ FreePlay }) => saved(FreePlay) },
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
          {!fixed && (
            <PlayerField
              id={id}
              player={player}
              onChange={changed(setPlayer)}
              locale={locale}
              missing={tried && !player}
            />
          )}
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
        ) : kind === 'adjustment' ? (
          <CorrectionFields
            value={adjustment}
            onChange={changed(setAdjustment)}
            directions={ADJUSTMENT_DIRECTIONS}
            words={words}
            showErrors={tried}
          />
        ) : (
          <CorrectionFields
            value={freePlay}
            onChange={changed(setFreePlay)}
            directions={FREE_PLAY_DIRECTIONS}
            words={words}
            showErrors={tried}
          />
        )
      }
      confirm={
        player && held !== null && amount.ok
          ? {
              summary: t(`${words}.confirm.${direction}`, {
                amount: formatMoney(amount.minor, currency, locale),
                player: player.Player,
                reason,
              }),
              balance: {
                label: t(
                  kind === 'freePlay' ? 'playerPayment.freePlayOf' : 'playerPayment.balanceOf',
                  {
                    player: player.Player,
                  },
                ),
                before: held,
                after: held + (raises ? amount.minor : -amount.minor),
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
