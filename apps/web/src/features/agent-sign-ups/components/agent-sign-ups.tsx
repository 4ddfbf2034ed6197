// The master's list of agent sign-ups: approve (the master chooses the new agent's parent in its
// tree, its rights and caps; the agent is created and e-mailed a link to choose its password) or
// reject.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemActions } from '@/components/ui/item-actions';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { SelectField } from '@/components/ui/text-field';
import { useErrorMessage } from '@/lib/errors';
import { formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import {
  useAgentSignUps,
  useDecideAgentSignUp,
  type ApprovalTerms,
  type SignUpStatus,
} from '../api/agent-sign-ups';
import { ApproveForm } from './approve-form';
import './agent-sign-ups.css';

const STATUSES: SignUpStatus[] = ['pending', 'approved', 'rejected'];

export function AgentSignUps() {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const [status, setStatus] = useState<SignUpStatus>('pending');
  const list = useAgentSignUps(status);
  const decide = useDecideAgentSignUp();
  const locale = useLocale();
  // In the site's zone, as every time on screen, not the browser's.
  const timeZone = useSiteTimeZone();

  // The sign-up whose approval terms are being chosen.
  const [approving, setApproving] = useState<number | null>(null);

  const onDecide = (
    IdSignUp: number,
    login: string,
    decision: ({ Decision: 'approve' } & ApprovalTerms) | { Decision: 'reject' },
  ) =>
    decide.mutate(
      { IdSignUp, ...decision },
      {
        onSuccess: () => {
          setApproving(null);
          toast.success(
            t(`agentSignUps.${decision.Decision === 'approve' ? 'approved' : 'rejected'}`, {
              login,
            }),
          );
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <section className="agent-sign-ups" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('agentSignUps.title')}</h1>
      <SelectField
        label={t('agentSignUps.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as SignUpStatus)}
        fieldClassName="agent-sign-ups__filter"
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`agentSignUps.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      {list.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.Rows.length === 0 ? (
        <EmptyState message={t('agentSignUps.empty')} />
      ) : (
        <ul className="agent-sign-ups__list stack-list">
          {list.data.Rows.map((r) => {
            const name = [r.Data.FirstName, r.Data.LastName].filter(Boolean).join(' ');
            return (
              <li key={r.IdSignUp} className="agent-sign-ups__item stack-list__card">
                <h2>
                  {r.Data.Login}
                  {name && <span className="agent-sign-ups__name"> · {name}</span>}
                </h2>
                <dl>
                  <dt>{t('signUp.fields.Email')}</dt>
                  <dd>{r.Data.Email}</dd>
                  {r.Data.Phone && (
                    <>
                      <dt>{t('signUp.fields.Phone')}</dt>
                      <dd>{r.Data.Phone}</dd>
                    </>
                  )}
                  {r.Data.Country && (
                    <>
                      <dt>{t('signUp.fields.Country')}</dt>
                      <dd>{r.Data.Country}</dd>
                    </>
                  )}
                  <dt>{t('agentSignUps.filed')}</dt>
                  <dd>{formatDateTime(r.CreatedAt, locale, timeZone)}</dd>
                  {r.Data.Comments && (
                    <>
                      <dt>{t('signUp.fields.Comments')}</dt>
                      <dd>{r.Data.Comments}</dd>
                    </>
                  )}
                </dl>
                {r.Status === 'pending' && approving === r.IdSignUp && (
                  <ApproveForm
                    login={r.Data.Login}
                    parents={list.data.Parents}
                    pending={decide.isPending}
                    onConfirm={(terms) =>
                      onDecide(r.IdSignUp, r.Data.Login, { Decision: 'approve', ...terms })
                    }
                    onCancel={() => setApproving(null)}
                  />
                )}
                {r.Status === 'pending' && approving !== r.IdSignUp && (
                  <ItemActions
                    className="agent-sign-ups__actions"
                    prefix="agentSignUps"
                    item={{ login: r.Data.Login }}
                    disabled={decide.isPending}
                    actions={{
                      approve: { onClick: () => setApproving(r.IdSignUp), look: 'primary' },
                      reject: {
                        onClick: () => onDecide(r.IdSignUp, r.Data.Login, { Decision: 'reject' }),
                      },
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
