// A sub-agent that lost its phone (or its passkeys) cannot sign in: its parent removes its second
// step here, which also ends its sessions. At its next log-in it sets one up again.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { ErrorAlert } from '@/components/ui/states';
import { toast } from '@/stores/toast-store';
import { useResetSecondStep } from '../api/reset-second-step';

export function ResetSecondStep({ idAgent, agent }: { idAgent: number; agent: string }) {
  const { t } = useTranslation();
  const id = useId();
  const reset = useResetSecondStep();
  const [asking, setAsking] = useState(false);
  return (
    <section className="agent-settings__reset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('secondStep.resetTitle')}</h2>
      <p className="field__hint">{t('secondStep.resetIntro')}</p>
      {asking ? (
        <ConfirmStep
          title={t('secondStep.resetQuestion', { agent })}
          saveLabel={t('secondStep.reset')}
          pending={reset.isPending}
          onConfirm={() =>
            reset.mutate(idAgent, {
              onSuccess: () => {
                setAsking(false);
                toast.success(t('secondStep.resetDone', { agent }));
              },
            })
          }
          onEdit={() => setAsking(false)}
          className="agent-settings__reset-confirm"
          actionsClassName="agent-settings__reset-actions"
        >
          <p>{t('secondStep.resetMeans')}</p>
          <ErrorAlert error={reset.error} />
        </ConfirmStep>
      ) : (
        <div className="agent-settings__reset-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              reset.reset();
              setAsking(true);
            }}
          >
            {t('secondStep.reset')}
          </button>
        </div>
      )}
    </section>
  );
}
