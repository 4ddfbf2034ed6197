// The fields of a new agent's terms, shared by the sign-up approval and the tree's new agent: the
// parent (the caller by default), its rights and its two caps, typed in the reader's notation and
// read back before anything is sent. The server checks the same; these fields only offer what it
// would accept.
import type { Right } from '@backline/contract/core/enums';
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import { formatMoney } from '@backline/contract/core/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/text-field';
import { notationOf, parseAmount, type AmountResult } from '@/lib/amount-input';
import { useLocale } from '@/lib/format';
import {
  capProblem,
  defaultRights,
  rightsUnder,
  treeOrder,
  type AgentTerms,
  type CapProblem,
} from './agent-terms';
import './agent-terms.css';

/**
 * `parents`: the caller first, then its tree (GetAgentSignUps' or GetNewAgentParents' Parents);
 * `firstParent`: the one chosen at first (the caller when left out).
 */
export function useAgentTerms(parents: SignUpParent[], firstParent?: number) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ordered = treeOrder(parents);
  const [parentId, setParentId] = useState(firstParent ?? ordered[0]?.parent.IdAgent);
  const parent = parents.find((p) => p.IdAgent === parentId) ?? ordered[0]?.parent;
  const [rights, setRights] = useState<Right[]>(() => (parent ? defaultRights(parent) : []));
  const [creditText, setCreditText] = useState('');
  const [wagerText, setWagerText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  if (!parent) return { parent: undefined, fields: null, confirm: () => null };

  const currency = parent.Currency;
  const credit = parseAmount(creditText, currency, locale);
  const wager = parseAmount(wagerText, currency, locale);
  const creditProblem = capProblem(credit, parent.CreditLimitCap);
  const wagerProblem = capProblem(wager, parent.MaxWagerCap);
  const money = (minor: number) => formatMoney(minor, currency, locale);

  /** The terms when every field reads right; otherwise null, and the fields say what is wrong. */
  const confirm = (): AgentTerms | null => {
    setSubmitted(true);
    if (creditProblem || wagerProblem || !credit.ok || !wager.ok) return null;
    return {
      IdParent: parent.IdAgent,
      // In the order the server lists them, only those the parent may pass on.
      Rights: parent.Grantable.filter((r) => rights.includes(r)),
      CreditLimitCap: credit.minor,
      MaxWagerCap: wager.minor,
    };
  };

  const capField = (
    name: 'creditLimitCap' | 'maxWagerCap',
    text: string,
    setText: (v: string) => void,
    result: AmountResult,
    problem: CapProblem,
    max: number | null,
  ) => {
    const shown = submitted || text.trim() !== '' ? problem : null;
    const error =
      shown?.kind === 'amount' && !shown.result.ok
        ? t(`payments.amountErrors.${shown.result.reason}`, {
            ...notationOf(locale),
            text: text.trim(),
          })
        : shown?.kind === 'above'
          ? t('agentSignUps.capAbove', { max: money(shown.max) })
          : null;
    return (
      <TextField
        label={t(`agentSignUps.${name}`, { currency })}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        value={text}
        hint={[
          result.ok ? t('payments.amountReadBack', { amount: money(result.minor) }) : null,
          max === null
            ? t('agentSignUps.capHint')
            : t('agentSignUps.capWithin', { max: money(max) }),
        ]
          .filter(Boolean)
          .join(' · ')}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
    );
  };

  const fields = (
    <>
      <SelectField
        label={t('agentSignUps.parent')}
        value={parent.IdAgent}
        onChange={(e) => {
          const next = parents.find((p) => p.IdAgent === Number(e.target.value));
          if (!next) return;
          setParentId(next.IdAgent);
          setRights((current) => rightsUnder(current, parent, next));
        }}
      >
        {ordered.map(({ parent: p, level }) => (
          <option key={p.IdAgent} value={p.IdAgent}>
            {`${'\u00a0\u00a0'.repeat(level)}${
              level === 0 ? t('agentSignUps.parentSelf', { login: p.Login }) : p.Login
            }${p.Name && p.Name !== p.Login ? ` · ${p.Name}` : ''}`}
          </option>
        ))}
      </SelectField>
      <fieldset className="agent-terms__rights">
        <legend>{t('agentSignUps.rightsLegend')}</legend>
        {parent.Grantable.map((right) => {
          const forced = right === 'viewOnly' && parent.ViewOnlyRequired;
          return (
            <label key={right} className="checkbox">
              <input
                type="checkbox"
                name="rights"
                value={right}
                checked={forced || rights.includes(right)}
                disabled={forced}
                onChange={(e) =>
                  setRights((current) =>
                    e.target.checked ? [...current, right] : current.filter((r) => r !== right),
                  )
                }
              />
              {t(`agentSignUps.rightNames.${right}`)}
            </label>
          );
        })}
      </fieldset>
      {capField(
        'creditLimitCap',
        creditText,
        setCreditText,
        credit,
        creditProblem,
        parent.CreditLimitCap,
      )}
      {capField('maxWagerCap', wagerText, setWagerText, wager, wagerProblem, parent.MaxWagerCap)}
    </>
  );

  return { parent, fields, confirm };
}
