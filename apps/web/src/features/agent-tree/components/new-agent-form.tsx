import { AGENT_ACCESS, type CreatedAgent } from '@backline/contract/calls/agent-create';
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import { LOGIN_PATTERN } from '@backline/contract/core/common';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentTerms } from '@/components/agent-terms/use-agent-terms';
import { DirectionField } from '@/components/payments/direction-field';
import { newPasswordOf, PasswordFields } from '@/components/ui/password-fields';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useCreateAgent } from '../api/create-agent';
import '@/components/payments/payments.css';

type Access = (typeof AGENT_ACCESS)[number];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface NewAgentFormProps {
  /** The caller first, then its tree (GetNewAgentParents). */
  parents: SignUpParent[];
  onCreated: (agent: CreatedAgent) => void;
  onCancel: () => void;
}

/**
 * A new agent under the caller or an agent of its tree: its login, name and e-mail, its parent,
 * rights and caps (the fields a sign-up's approval has), and a first password or an access link.
 */
export function NewAgentForm({ parents, onCreated, onCancel }: NewAgentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const language = useAgentStore((s) => s.language);
  const terms = useAgentTerms(parents);
  const [access, setAccess] = useState<Access>('password');
  const [problem, setProblem] = useState<Record<string, string>>({});
  const create = useCreateAgent();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const found: Record<string, string> = {};
    if (!LOGIN_PATTERN.test(text('login'))) found.login = t('agentTree.new.loginRule');
    if (text('name') === '') found.name = t('agentTree.new.nameRequired');
    if (!EMAIL.test(text('email'))) found.email = t('agentTree.new.emailRequired');
    const password = access === 'password' ? newPasswordOf(e.currentTarget, t) : null;
    if (password?.problem) found.password = password.problem;
    // Every field says what is wrong at once, the terms' too.
    const chosen = terms.confirm();
    setProblem(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    create.mutate(
      {
        idAgent: chosen.IdParent,
        login: text('login'),
        name: text('name'),
        email: text('email'),
        rights: chosen.Rights,
        creditLimitCap: chosen.CreditLimitCap,
        maxWagerCap: chosen.MaxWagerCap,
        access,
        language,
        ...(password ? { password: password.password } : {}),
        ...(access === 'link' ? { currentURL: window.location.href } : {}),
      },
      {
        onSuccess: (made) => {
          toast.success(
            t(made.AccessLinkSent ? 'agentTree.new.createdLink' : 'agentTree.new.created', {
              agent: made.Agent.Login,
              parent: made.Agent.Parent,
            }),
          );
          onCreated(made.Agent);
        },
      },
    );
  };

  return (
    <form
      className="payment-form card agent-tree__new"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className="payment-form__title">
        {t('agentTree.new.title')}
      </h2>
      <TextField
        label={t('fields.login')}
        name="login"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        required
        hint={t('agentTree.new.loginRule')}
        error={problem.login}
      />
      <TextField
        label={t('fields.name')}
        name="name"
        autoComplete="off"
        maxLength={100}
        required
        error={problem.name}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        required
        hint={t('agentTree.new.emailHint')}
        error={problem.email}
      />
      {terms.fields}
      <div className="payment-form__wide">
        <DirectionField
          legend={t('fields.access')}
          directions={AGENT_ACCESS}
          names="agentTree.new.access"
          hints="agentTree.new.accessHints"
          value={access}
          onChange={setAccess}
        />
      </div>
      {access === 'password' && (
        <>
          <PasswordFields />
          {problem.password && (
            <p className="field__error payment-form__wide">{problem.password}</p>
          )}
        </>
      )}
      <ErrorAlert error={create.error} className="payment-form__wide" />
      <div className="payment-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? t('agentSignUps.creating') : t('agentTree.new.submit')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('payments.cancel')}
        </button>
      </div>
    </form>
  );
}
