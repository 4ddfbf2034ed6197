// Before a change to its second step, the agent proves it is at the keyboard: a current code of
// its authenticator app, or its password.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/states';
import { CodeField, TextField } from '@/components/ui/text-field';
import type { Proof } from '../api/second-step';

interface ProofFormProps {
  title: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (proof: Proof) => void;
  onCancel: () => void;
}

export function ProofForm(props: ProofFormProps) {
  const { title, submitLabel, danger, pending, error, onSubmit, onCancel } = props;
  const { t } = useTranslation();
  const id = useId();
  const [by, setBy] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending || !value) return;
    onSubmit(by === 'code' ? { Code: value } : { Password: value });
  };

  return (
    <form className="security__proof" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <ErrorAlert error={error} />
      {by === 'code' ? (
        <CodeField
          key="code"
          label={t('secondStep.currentCode')}
          autoFocus
          value={value}
          onCode={setValue}
        />
      ) : (
        <TextField
          key="password"
          label={t('secondStep.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          setBy(by === 'code' ? 'password' : 'code');
          setValue('');
        }}
      >
        {by === 'code' ? t('secondStep.usePassword') : t('secondStep.useAppCode')}
      </button>
      <div className="security__actions">
        <button
          type="submit"
          className={danger ? 'button button--danger' : 'button button--primary'}
          disabled={pending}
        >
          {pending ? t('secondStep.checking') : submitLabel}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
