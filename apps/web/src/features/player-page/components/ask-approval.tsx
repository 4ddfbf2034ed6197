import type { LimitRequest } from '@backline/contract/calls/limit-requests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/states';
import { TextAreaField } from '@/components/ui/text-field';
import { toast } from '@/stores/toast-store';
import { useRequestPlayerLimits, type SetLimitsBody } from '../api/player-page';

/**
 * Limits a cap refused, asked of the agent above with a reason: it decides, or the asking agent
 * does at once when it is that agent (or above it).
 */
export function AskApproval(props: {
  body: SetLimitsBody;
  player: string;
  onDone: (request: LimitRequest) => void;
}) {
  const { t } = useTranslation();
  const ask = useRequestPlayerLimits();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';

  // A button of its own, not a submit: it sits inside the limits form, whose submit saves.
  const submit = () => {
    setTried(true);
    if (missing || ask.isPending) return;
    ask.mutate(
      { ...props.body, reason: reason.trim() },
      {
        onSuccess: (request) => {
          toast.success(
            request.Status === 'approved'
              ? t('player.limits.approvedNow', { player: request.Player })
              : t('player.limits.requested', { approver: request.Approver }),
          );
          props.onDone(request);
        },
      },
    );
  };

  return (
    <section className="limits-form__ask" aria-label={t('player.limits.askTitle')}>
      <h3>{t('player.limits.askTitle')}</h3>
      <p>{t('player.limits.askIntro', { player: props.player })}</p>
      <TextAreaField
        label={t('fields.reason')}
        value={reason}
        maxLength={500}
        required
        error={tried && missing ? t('player.limits.reasonRequired') : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <ErrorAlert error={ask.error} />
      <button
        type="button"
        className="button button--primary"
        disabled={ask.isPending}
        onClick={submit}
      >
        {t('player.limits.ask')}
      </button>
    </section>
  );
}
