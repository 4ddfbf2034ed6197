// The agent's authenticator app: set it up (QR code or key, then a first code), keep the recovery
// codes shown once, renew them, or remove the app.
import type { SecondStepStatus } from '@backline/contract/calls/second-step';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorKey } from '@/components/ui/authenticator-key';
import { RecoveryCodes } from '@/components/ui/recovery-codes';
import { ErrorAlert } from '@/components/ui/states';
import { CodeField } from '@/components/ui/text-field';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import {
  useConfirmTotp,
  useRemoveTotp,
  useRenewRecoveryCodes,
  useStartTotp,
} from '../api/second-step';
import { ProofForm } from './proof-form';

type Open = 'none' | 'renew' | 'remove';

export function TotpSection({ status }: { status: SecondStepStatus }) {
  const { t } = useTranslation();
  const id = useId();
  const account = useAgentStore((s) => s.session?.Player ?? '');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [open, setOpen] = useState<Open>('none');
  const renew = useRenewRecoveryCodes();
  const remove = useRemoveTotp();
  const lastMethod = status.Required && status.Passkeys === 0;

  return (
    <section className="security__card card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('secondStep.appTitle')}</h2>
      {codes ? (
        <>
          <h3>{t('secondStep.codesTitle')}</h3>
          <RecoveryCodes codes={codes} account={account} />
          <div className="security__actions">
            <button type="button" className="button button--primary" onClick={() => setCodes(null)}>
              {t('secondStep.codesKept')}
            </button>
          </div>
        </>
      ) : !status.Totp ? (
        <Enrol onCodes={setCodes} />
      ) : (
        <>
          <p className="security__state" role="status">
            <span className="security__on">{t('secondStep.appOn')}</span>{' '}
            {t('secondStep.codesLeft', { left: status.RecoveryCodesLeft })}
          </p>
          {status.RecoveryCodesLeft <= 3 && (
            <p className="alert alert--info">{t('secondStep.codesLow')}</p>
          )}
          {open === 'renew' && (
            <ProofForm
              title={t('secondStep.renewTitle')}
              submitLabel={t('secondStep.renew')}
              pending={renew.isPending}
              error={renew.error}
              onCancel={() => setOpen('none')}
              onSubmit={(proof) =>
                renew.mutate(proof, {
                  onSuccess: (answer) => {
                    setOpen('none');
                    setCodes(answer.RecoveryCodes);
                  },
                })
              }
            />
          )}
          {open === 'remove' && (
            <ProofForm
              title={t('secondStep.removeTitle')}
              submitLabel={t('secondStep.remove')}
              danger
              pending={remove.isPending}
              error={remove.error}
              onCancel={() => setOpen('none')}
              onSubmit={(proof) =>
                remove.mutate(proof, {
                  onSuccess: () => {
                    setOpen('none');
                    toast.success(t('secondStep.removed'));
                  },
                })
              }
            />
          )}
          {open === 'none' && (
            <>
              {lastMethod && <p className="field__hint">{t('secondStep.lastMethod')}</p>}
              <div className="security__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    renew.reset();
                    setOpen('renew');
                  }}
                >
                  {t('secondStep.renew')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    remove.reset();
                    setOpen('remove');
                  }}
                >
                  {t('secondStep.remove')}
                </button>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Setting the app up: a key to scan or type, then the app's first code confirms it. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (confirm.isPending || !/^\d{6}$/.test(code)) return;
    confirm.mutate(code, {
      onSuccess: (answer) => onCodes(answer.RecoveryCodes),
      onError: () => setCode(''),
    });
  };

  if (!start.data) {
    return (
      <>
        <p>{t('secondStep.appIntro')}</p>
        <ErrorAlert error={start.error} />
        <div className="security__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {start.isPending ? t('common.loading') : t('secondStep.setUp')}
          </button>
        </div>
      </>
    );
  }
  return (
    <form className="security__enrol" onSubmit={submit} noValidate>
      <AuthenticatorKey secret={start.data.Secret} uri={start.data.Uri} />
      <ErrorAlert error={confirm.error} />
      <CodeField label={t('secondStep.firstCode')} required value={code} onCode={setCode} />
      <div className="security__actions">
        <button type="submit" className="button button--primary" disabled={confirm.isPending}>
          {confirm.isPending ? t('secondStep.checking') : t('secondStep.confirm')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            start.reset();
            confirm.reset();
          }}
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
