import type { AgentSettings as Settings } from '@backline/contract/calls/agent-settings';
import type { BookProduct } from '@backline/contract/calls/platform-feed';
import { OptionalId } from '@backline/contract/core/endpoint';
import { RIGHTS, type Right } from '@backline/contract/core/enums';
import { formatMoney } from '@backline/contract/core/money';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLimitBoxes } from '@/components/payments/use-limit-boxes';
import { AgentSessionsPanel } from '@/components/sessions/agent-sessions-panel';
import { AgentSelect } from '@/components/ui/agent-select';
import { ProductsField } from '@/components/ui/products-field';
import { CheckField } from '@/components/ui/check-field';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState, ErrorAlert } from '@/components/ui/states';
import { amountInputText } from '@/lib/amount-input';
import { useLocale } from '@/lib/format';
import { useUrlState } from '@/lib/url-state';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useAgentSettings, useSetAgentSettings } from '../api/agent-settings';
import { ResetSecondStep } from './reset-second-step';
import '@/components/ui/report.css';
import './agent-settings.css';

const FIELDS = { idAgent: OptionalId };
const DEFAULTS = { idAgent: undefined } as const;

/** A sub-agent's rights, caps, its new players' limits and products, as its parent sets them. */
export function AgentSettingsScreen() {
  const { t } = useTranslation();
  const [state, update] = useUrlState(FIELDS, DEFAULTS);
  const subtree = useAgentStore((s) => s.subAgents);
  const self = subtree[0]?.IdAgent;
  const below = useMemo(() => subtree.filter((a) => a.Depth > 0), [subtree]);
  const idAgent =
    state.idAgent !== undefined && state.idAgent !== self ? state.idAgent : below[0]?.IdAgent;
  return (
    <section className="report agent-settings" aria-labelledby="agent-settings-title">
      <header className="report__header">
        <h1 id="agent-settings-title" className="report__title">
          {t('agentSettings.title')}
        </h1>
        <p className="report__period">{t('agentSettings.intro')}</p>
      </header>
      {idAgent === undefined ? (
        <EmptyState message={t('agentSettings.noSubAgents')} />
      ) : (
        <>
          <AgentSelect agents={below} value={idAgent} onChange={(id) => update({ idAgent: id })} />
          <SettingsOf key={idAgent} idAgent={idAgent} />
          <AgentSessionsPanel key={`sessions-${idAgent}`} idAgent={idAgent} />
          <ResetSecondStep
            key={`second-step-${idAgent}`}
            idAgent={idAgent}
            agent={below.find((a) => a.IdAgent === idAgent)?.Login ?? String(idAgent)}
          />
        </>
      )}
    </section>
  );
}

function SettingsOf({ idAgent }: { idAgent: number }) {
  const { t } = useTranslation();
  const query = useAgentSettings(idAgent);
  return (
    <QueryState query={query} pending="line" loading={t('agentSettings.loading')}>
      {(settings) => <SettingsForm settings={settings} />}
    </QueryState>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const currency = settings.Currency;
  const text = (minor: number | null) =>
    minor === null || minor === 0 ? '' : amountInputText(minor, currency, locale);
  const [rights, setRights] = useState<readonly Right[]>(settings.Rights);
  const [off, setOff] = useState<readonly BookProduct[]>(settings.ProductsOff);
  const boxes = useLimitBoxes(
    () => ({
      creditLimitCap: text(settings.CreditLimitCap),
      maxWagerCap: text(settings.MaxWagerCap),
      creditLimit: text(settings.PlayerDefaults.CreditLimit),
      maxWager: text(settings.PlayerDefaults.MaxWager),
    }),
    currency,
    locale,
  );
  const { box, minorOf } = boxes;
  const save = useSetAgentSettings();
  const above = (minor: number | null) =>
    minor === null
      ? undefined
      : t('agentSettings.capAbove', { cap: formatMoney(minor, currency, locale) });
  // What the caller may give, and what the agent holds already (which it may keep or lose).
  const choosable = RIGHTS.filter(
    (r) => settings.Grantable.includes(r) || settings.Rights.includes(r),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!boxes.check(Object.keys(boxes.texts)) || save.isPending) return;
    const minor = minorOf;
    save.mutate(
      {
        idAgent: settings.IdAgent,
        rights: [...rights],
        creditLimitCap: minor('creditLimitCap'),
        maxWagerCap: minor('maxWagerCap'),
        productsOff: [...off],
        playerDefaults: {
          ...settings.PlayerDefaults,
          CreditLimit: minor('creditLimit') ?? 0,
          MaxWager: minor('maxWager') ?? 0,
        },
      },
      {
        onSuccess: (saved) => {
          boxes.reset();
          toast.success(t('agentSettings.saved', { agent: saved.Agent }));
        },
      },
    );
  };

  return (
    <form className="agent-settings__form" onSubmit={submit} noValidate>
      <fieldset className="agent-settings__group">
        <legend>{t('agentSettings.rights')}</legend>
        {choosable.map((right) => (
          <CheckField
            key={right}
            label={t(`agentSignUps.rightNames.${right}`)}
            checked={rights.includes(right)}
            onChange={(on) =>
              setRights((was) => (on ? [...was, right] : was.filter((r) => r !== right)))
            }
          />
        ))}
      </fieldset>
      <fieldset className="agent-settings__group">
        <legend>{t('agentSettings.caps', { currency })}</legend>
        {box(
          'creditLimitCap',
          t('agentSettings.creditLimitCap'),
          above(settings.CapsAbove.CreditLimit),
        )}
        {box('maxWagerCap', t('agentSettings.maxWagerCap'), above(settings.CapsAbove.MaxWager))}
        <p className="field__hint">{t('agentSettings.capsHint')}</p>
      </fieldset>
      <fieldset className="agent-settings__group">
        <legend>{t('agentSettings.defaults', { currency })}</legend>
        {box('creditLimit', t('fields.creditLimit'))}
        {box('maxWager', t('fields.maxWager'))}
      </fieldset>
      <ProductsField
        legend={t('agentSettings.products')}
        off={off}
        onChange={setOff}
        className="agent-settings__group"
      />
      <ErrorAlert error={save.error} />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('agentSettings.save')}
      </button>
    </form>
  );
}
