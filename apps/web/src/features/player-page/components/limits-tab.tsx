import type { PlayerAccount } from '@backline/contract/calls/player-account';
import type { PlayerLimits } from '@backline/contract/calls/player-limits';
import { SPORTS, WAGER_TYPES } from '@backline/contract/core/enums';
import { MAX_LEGS } from '@backline/contract/core/limits';
import { formatMoney } from '@backline/contract/core/money';
import { addDays, localDate, startOfDayUtc } from '@backline/contract/core/periods';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLimitBoxes } from '@/components/payments/use-limit-boxes';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { amountInputText } from '@/lib/amount-input';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { usePlayerLimits, useSetPlayerLimits, type SetLimitsBody } from '../api/player-page';
import { AskApproval } from './ask-approval';
import { SaveFooter } from './form-parts';

/** Every amount of the form by its name: `creditLimit`, `min.straight`, `sport.NFL` ... */
type Texts = Record<string, string>;

function textsOf(l: PlayerLimits, locale: string, timeZone: string): Texts {
  const money = (minor: number | null | undefined) =>
    minor ? amountInputText(minor, l.Currency, locale) : '';
  const texts: Texts = {
    creditLimit: amountInputText(l.CreditLimit, l.Currency, locale),
    tempCredit: money(l.TempCredit),
    // The expiry is an instant; the form names the last day it covers, in the site's zone.
    tempCreditUntil: l.TempCreditUntil
      ? localDate(new Date(Date.parse(l.TempCreditUntil) - 1), timeZone)
      : '',
    maxWager: money(l.MaxWager),
    legs: l.Limits.MaxParlayLegs === null ? '' : String(l.Limits.MaxParlayLegs),
    payout: money(l.Limits.MaxParlayPayout),
  };
  for (const type of WAGER_TYPES) {
    texts[`min.${type}`] = money(l.Limits.MinByType[type]);
    texts[`max.${type}`] = money(l.Limits.MaxByType[type]);
  }
  for (const sport of SPORTS) texts[`sport.${sport}`] = money(l.Limits.MaxBySport[sport]);
  return texts;
}

/**
 * A player's credit and wager limits, typed in the reader's notation and read strictly; an empty
 * box is no limit of that kind. Limits bind the next wager only: nothing placed is touched.
 */
export function LimitsTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const query = usePlayerLimits(player.IdPlayer);
  return (
    <QueryState query={query} pending="line" loading={t('player.limits.loading')}>
      {(limits) => <LimitsForm limits={limits} />}
    </QueryState>
  );
}

function LimitsForm({ limits }: { limits: PlayerLimits }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const mayEdit = useAgentStore((s) => s.rights.includes('setLimits'));
  const boxes = useLimitBoxes(() => textsOf(limits, locale, timeZone), limits.Currency, locale);
  const { texts, box, amountOf, minorOf, tried } = boxes;
  const save = useSetPlayerLimits();
  const mayAsk = useAgentStore((s) => s.rights.includes('exceedCaps'));
  // Limits a cap refused, which the agent may ask the agent above for.
  const [asked, setAsked] = useState<SetLimitsBody | null>(null);
  const currency = limits.Currency;

  const legs = texts.legs?.trim() ?? '';
  const legsOk = legs === '' || (/^\d+$/.test(legs) && +legs >= 2 && +legs <= MAX_LEGS);
  const names = Object.keys(texts).filter((n) => n !== 'legs' && n !== 'tempCreditUntil');
  const until = texts.tempCreditUntil ?? '';
  const temp = amountOf('tempCredit');
  const needsUntil = temp.ok && temp.minor !== null;
  const untilOk = !needsUntil || /^\d{4}-\d{2}-\d{2}$/.test(until);

  /** The limits as typed, for the server; null when a box is wrong (each says why). */
  const bodyOf = (): SetLimitsBody | null => {
    if (!boxes.check(names) || !legsOk || !untilOk) return null;
    const minor = minorOf;
    const record = <K extends string>(keys: readonly K[], prefix: string) =>
      Object.fromEntries(
        keys.flatMap((k) => {
          const v = minor(`${prefix}.${k}`);
          return v === null ? [] : [[k, v]];
        }),
      );
    const tempCredit = minor('tempCredit') ?? 0;
    return {
      idPlayer: limits.IdPlayer,
      creditLimit: minor('creditLimit') ?? 0,
      tempCredit,
      tempCreditUntil:
        tempCredit > 0 ? startOfDayUtc(addDays(until, 1), timeZone).toISOString() : undefined,
      maxWager: minor('maxWager') ?? 0,
      limits: {
        MinByType: record(WAGER_TYPES, 'min'),
        MaxByType: record(WAGER_TYPES, 'max'),
        MaxBySport: record(SPORTS, 'sport'),
        MaxParlayLegs: legs === '' ? null : Number(legs),
        MaxParlayPayout: minor('payout'),
      },
    };
  };

  const saved = (next: PlayerLimits) => {
    boxes.setTexts(textsOf(next, locale, timeZone));
    boxes.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = save.isPending ? null : bodyOf();
    if (!body) return;
    setAsked(null);
    save.mutate(body, {
      onSuccess: (next) => {
        saved(next);
        toast.success(t('player.limits.saved', { player: next.Player }));
      },
      // Above a cap: the same limits may be asked of the agent above.
      onError: (error) => {
        if (mayAsk && error instanceof ApiError && error.refusal?.Code === 'over_agent_cap')
          setAsked(body);
      },
    });
  };

  const cap = (minor: number | null, approved: number | null) =>
    approved !== null && (minor === null || approved > minor)
      ? t('player.limits.capApproved', { cap: formatMoney(approved, currency, locale) })
      : minor === null
        ? undefined
        : t('player.limits.cap', { cap: formatMoney(minor, currency, locale) });

  return (
    <form className="limits-form" onSubmit={submit} noValidate>
      {limits.Pending && (
        <p className="alert alert--info" role="status">
          {t('player.limits.pending', {
            approver: limits.Pending.Approver,
            when: formatDateTime(limits.Pending.CreatedAt, locale, timeZone),
          })}{' '}
          <Link to={paths.limitRequests}>{t('player.limits.seeRequests')}</Link>
        </p>
      )}
      <fieldset disabled={!mayEdit} className="limits-form__fields">
        <fieldset className="limits-form__group">
          <legend>{t('player.limits.credit', { currency })}</legend>
          {box(
            'creditLimit',
            t('fields.creditLimit'),
            cap(limits.Caps.CreditLimit, limits.Approved.CreditLimit),
          )}
          {box('tempCredit', t('fields.tempCredit'), t('player.limits.tempCreditHint'))}
          <TextField
            label={t('player.limits.tempCreditUntil')}
            type="date"
            value={until}
            error={tried && !untilOk ? t('player.limits.untilRequired') : undefined}
            onChange={(e) => boxes.set('tempCreditUntil', e.target.value)}
          />
          {box(
            'maxWager',
            t('fields.maxWager'),
            cap(limits.Caps.MaxWager, limits.Approved.MaxWager),
          )}
        </fieldset>
        <fieldset className="limits-form__group">
          <legend>{t('player.limits.byType')}</legend>
          <table className="limits-form__table">
            <thead>
              <tr>
                <th scope="col">{t('fields.wagerType')}</th>
                <th scope="col">{t('player.limits.min')}</th>
                <th scope="col">{t('player.limits.max')}</th>
              </tr>
            </thead>
            <tbody>
              {WAGER_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row">{t(`wagerTypes.${type}`)}</th>
                  {(['min', 'max'] as const).map((end) => (
                    <td key={end}>
                      {box(
                        `${end}.${type}`,
                        t(`player.limits.${end}Of`, { type: t(`wagerTypes.${type}`) }),
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
        <fieldset className="limits-form__group limits-form__grid">
          <legend>{t('fields.maxBySport')}</legend>
          {SPORTS.map((sport) => box(`sport.${sport}`, t(`sports.${sport}`)))}
        </fieldset>
        <fieldset className="limits-form__group">
          <legend>{t('player.limits.parlays')}</legend>
          <TextField
            label={t('fields.maxParlayLegs')}
            inputMode="numeric"
            value={legs}
            error={tried && !legsOk ? t('player.limits.legsRange', { max: MAX_LEGS }) : undefined}
            onChange={(e) => boxes.set('legs', e.target.value)}
          />
          {box('payout', t('fields.maxParlayPayout'))}
        </fieldset>
      </fieldset>
      <p className="field__hint">{t('player.limits.emptyIsNone')}</p>
      <SaveFooter mayEdit={mayEdit} label={t('player.limits.save')} mutation={save} />
      {asked && (
        <AskApproval
          body={asked}
          player={limits.Player}
          onDone={(request) => {
            setAsked(null);
            save.reset();
            if (request.Status === 'approved') boxes.reset();
          }}
        />
      )}
    </form>
  );
}
