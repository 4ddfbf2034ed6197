import { AGENT_ACCESS, type CreatedAgent } from '@backline/contract/calls/agent-create';
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentTerms } from '@/components/agent-terms/use-agent-terms';
import { CardForm } from '@/components/payments/card-form';
import { FormActions } from '@/components/ui/form-actions';
import { AccessFields, AccountFields, useNewAccount } from '@/components/ui/new-account-fields';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useCreateAgent } from '../api/create-agent';
import '@/components/payments/payments.css';

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
  const language = useAgentStore((s) => s.language);
  const terms = useAgentTerms(parents);
  const account = useNewAccount('agentTree.new', AGENT_ACCESS);
  const create = useCreateAgent();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const entered = account.read(e.currentTarget, (email) =>
      EMAIL.test(email) ? null : t('agentTree.new.emailRequired'),
    );
    // Every field says what is wrong at once, the terms' too.
    const chosen = terms.confirm();
    if (!entered || !chosen) return;
    create.mutate(
      {
        ...entered,
        idAgent: chosen.IdParent,
        rights: chosen.Rights,
        creditLimitCap: chosen.CreditLimitCap,
        maxWagerCap: chosen.MaxWagerCap,
        language,
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
    <CardForm title={t('agentTree.new.title')} className="agent-tree__new" onSubmit={submit}>
      <AccountFields {...account.fields} emailRequired emailHint={t('agentTree.new.emailHint')} />
      {terms.fields}
      <AccessFields {...account.access} />
      <FormActions
        block="payment-form"
        error={create.error}
        submitLabel={create.isPending ? t('agentSignUps.creating') : t('agentTree.new.submit')}
        pending={create.isPending}
        cancelLabel={t('payments.cancel')}
        onCancel={onCancel}
      />
    </CardForm>
  );
}
