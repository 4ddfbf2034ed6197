// The master's switch: agents of its site with a money right (payments, adjustments, free play)
// must sign in with a second step. A change goes through a confirm step: it locks agents out of
// their sessions until they set one up.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '@/components/ui/check-field';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { QueryState } from '@/components/ui/query-state';
import { ErrorAlert } from '@/components/ui/states';
import { toast } from '@/stores/toast-store';
import { useSecondStepPolicy, useSetSecondStepPolicy } from '../api/second-step-policy';

export function PolicySection() {
  const { t } = useTranslation();
  const id = useId();
  const query = useSecondStepPolicy(true);
  const save = useSetSecondStepPolicy();
  const [wanted, setWanted] = useState<boolean | null>(null);

  return (
    <section className="security__card card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('secondStep.policyTitle')}</h2>
      <p>{t('secondStep.policyIntro')}</p>
      <QueryState query={query} pending="line">
        {(policy) =>
          wanted === null ? (
            <CheckField
              label={t('secondStep.policyRequire')}
              checked={policy.RequireSecondStep}
              onChange={(on) => {
                save.reset();
                setWanted(on);
              }}
            />
          ) : (
            <ConfirmStep
              title={wanted ? t('secondStep.policyConfirmOn') : t('secondStep.policyConfirmOff')}
              saveLabel={t('secondStep.policySave')}
              pending={save.isPending}
              onConfirm={() =>
                save.mutate(wanted, {
                  onSuccess: () => {
                    setWanted(null);
                    toast.success(t('secondStep.policySaved'));
                  },
                })
              }
              onEdit={() => setWanted(null)}
              className="security__confirm"
              actionsClassName="security__actions"
            >
              <p>{wanted ? t('secondStep.policyOnMeans') : t('secondStep.policyOffMeans')}</p>
              <ErrorAlert error={save.error} />
            </ConfirmStep>
          )
        }
      </QueryState>
    </section>
  );
}
