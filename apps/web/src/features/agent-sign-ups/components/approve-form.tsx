// What an approval gives the new agent, chosen before it is created: a parent in the approver's
// tree (the approver by default), rights never more than the parent's, and caps in the parent's
// currency within the parent's own. The server checks the same (DecideAgentSignUp); the fields
// are the tree's new agent's too (components/agent-terms).
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentTerms } from '@/components/agent-terms/agent-terms';
import { useAgentTerms } from '@/components/agent-terms/use-agent-terms';

interface ApproveFormProps {
  login: string;
  /** The approver first, then its tree (GetAgentSignUps' Parents). */
  parents: SignUpParent[];
  pending: boolean;
  onConfirm: (terms: AgentTerms) => void;
  onCancel: () => void;
}

export function ApproveForm({ login, parents, pending, onConfirm, onCancel }: ApproveFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const terms = useAgentTerms(parents);
  if (!terms.parent) return null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = terms.confirm();
    if (chosen) onConfirm(chosen);
  };

  return (
    <form
      className="agent-sign-ups__approve"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-terms`}
    >
      <h3 id={`${id}-terms`}>{t('agentSignUps.terms', { login })}</h3>
      {terms.fields}
      <div className="agent-sign-ups__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('agentSignUps.creating') : t('agentSignUps.confirm', { login })}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          {t('agentSignUps.cancel')}
        </button>
      </div>
    </form>
  );
}
