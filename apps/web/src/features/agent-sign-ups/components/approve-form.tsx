// What an approval gives the new agent, chosen before it is created: a parent in the approver's
// tree (the approver by default), rights never more than the parent's, and caps in the parent's
// currency within the parent's own. The server checks the same (DecideAgentSignUp); this form
// only offers what it would accept.
import type { Right } from '@backline/contract/core/enums';
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import { formatMoney } from '@backline/contract/core/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notationOf, parseAmount, type AmountResult } from '@/lib/amount-input';
import { useLocale } from '@/lib/format';
import type { ApprovalTerms } from '../api/agent-sign-ups';
import { SelectField, TextField } from '@/components/ui/text-field';

interface ApproveFormProps {
  login: string;
  /** The approver first, then its tree (GetAgentSignUps' Parents). */
  parents: SignUpParent[];
  pending: boolean;
  onConfirm: (terms: ApprovalTerms) => void;
  onCancel: () => void;
}

/** The parents in tree order (each agent followed by those below it), with their depth below the approver. */
export function treeOrder(parents: SignUpParent[]): Array<{ parent: SignUpParent; level: number }> {
  const ids = new Set(parents.map((p) => p.IdAgent));
  const children = new Map<number | null, SignUpParent[]>();
  for (const p of parents) {
    const key = p.IdParent !== null && ids.has(p.IdParent) ? p.IdParent : null;
    children.set(key, [...(children.get(key) ?? []), p]);
  }
  const out: Array<{ parent: SignUpParent; level: number }> = [];
  const walk = (key: number | null, level: number) => {
    const below = [...(children.get(key) ?? [])].sort((a, b) => a.Login.localeCompare(b.Login));
    for (const p of below) {
      out.push({ parent: p, level });
      walk(p.IdAgent, level + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The rights the form starts with: the least that makes a working account (seeing its own book),
 * and view-only where the parent forces it; the approver ticks the rest.
 */
function defaultRights(parent: SignUpParent): Right[] {
  return parent.Grantable.filter(
    (r) => r === 'viewReports' || (r === 'viewOnly' && parent.ViewOnlyRequired),
  );
}

type CapProblem = { kind: 'amount'; result: AmountResult } | { kind: 'above'; max: number } | null;

function capProblem(result: AmountResult, max: number | null): CapProblem {
  if (!result.ok) return { kind: 'amount', result };
  if (max !== null && result.minor > max) return { kind: 'above', max };
  return null;
}

export function ApproveForm({ login, parents, pending, onConfirm, onCancel }: ApproveFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const ordered = treeOrder(parents);
  const [parentId, setParentId] = useState<number | undefined>(ordered[0]?.parent.IdAgent);
  const parent = parents.find((p) => p.IdAgent === parentId) ?? ordered[0]?.parent;
  const [rights, setRights] = useState<Right[]>(() => (parent ? defaultRights(parent) : []));
  const [creditText, setCreditText] = useState('');
  const [wagerText, setWagerText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  if (!parent) return null;

  const currency = parent.Currency;
  const credit = parseAmount(creditText, currency, locale);
  const wager = parseAmount(wagerText, currency, locale);
  const creditProblem = capProblem(credit, parent.CreditLimitCap);
  const wagerProblem = capProblem(wager, parent.MaxWagerCap);
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const chooseParent = (next: SignUpParent) => {
    setParentId(next.IdAgent);
    // Rights the new parent cannot pass on are dropped; view-only the previous parent forced is
    // not taken for a choice.
    const wasForced = parent.ViewOnlyRequired;
    setRights((current) => {
      const kept = current.filter(
        (r) => next.Grantable.includes(r) && !(r === 'viewOnly' && wasForced),
      );
      return next.ViewOnlyRequired ? [...kept, 'viewOnly'] : kept;
    });
  };

  const toggle = (right: Right, on: boolean) =>
    setRights((current) => (on ? [...current, right] : current.filter((r) => r !== right)));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (creditProblem || wagerProblem || !credit.ok || !wager.ok) return;
    onConfirm({
      IdParent: parent.IdAgent,
      // In the order the server lists them, only those the parent may pass on.
      Rights: parent.Grantable.filter((r) => rights.includes(r)),
      CreditLimitCap: credit.minor,
      MaxWagerCap: wager.minor,
    });
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

  return (
    <form
      className="agent-sign-ups__approve"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-terms`}
    >
      <h3 id={`${id}-terms`}>{t('agentSignUps.terms', { login })}</h3>
      <SelectField
        label={t('agentSignUps.parent')}
        value={parent.IdAgent}
        onChange={(e) => {
          const next = parents.find((p) => p.IdAgent === Number(e.target.value));
          if (next) chooseParent(next);
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
      <fieldset className="agent-sign-ups__rights">
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
                onChange={(e) => toggle(right, e.target.checked)}
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
