import type { PlayerAccount, PlayerChange } from '@backline/contract/calls/player-account';
import { formatMoney } from '@backline/contract/core/money';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { QueryState } from '@/components/ui/query-state';
import { TableHead } from '@/components/ui/simple-table';
import { formatCount, formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { usePlayerChanges } from '../api/player-page';
import { ListPager } from './form-parts';

type Field = PlayerChange['Fields'][number];

/** A changed value's label: the player's own fields by name, a limit by its kind and key. */
function labelOf(path: string, t: TFunction): string {
  const [head, kind, key] = path.split('.');
  // A value no label names yet reads as "another setting", never as its internal name.
  if (head !== 'Limits')
    return t(`player.history.fields.${path}`, {
      defaultValue: t('player.history.fields.other'),
    });
  if (kind === 'MinByType' || kind === 'MaxByType')
    return t(`player.limits.${kind === 'MinByType' ? 'min' : 'max'}Of`, {
      type: t(`wagerTypes.${key}`),
    });
  if (kind === 'MaxBySport') return `${t('fields.maxBySport')}: ${t(`sports.${key}`)}`;
  return t(kind === 'MaxParlayLegs' ? 'fields.maxParlayLegs' : 'fields.maxParlayPayout');
}

interface ValueFormat {
  t: TFunction;
  locale: string;
  timeZone: string;
  currency: string;
}

function valueOf(field: Field, value: Field['Before'], f: ValueFormat): string {
  if (value === null || value === '') return f.t('player.history.none');
  switch (field.Kind) {
    case 'money':
      return formatMoney(Number(value), f.currency, f.locale);
    case 'count':
      return formatCount(Number(value), f.locale);
    case 'time':
      return formatDateTime(String(value), f.locale, f.timeZone);
    case 'flag':
      return f.t(value ? 'common.yes' : 'common.no');
    case 'list':
      return Array.isArray(value) && value.length > 0
        ? value.map((v) => f.t(`player.access.productNames.${v}`)).join(', ')
        : f.t('player.history.none');
    default:
      return field.Field === 'Status' ? f.t(`players.statuses.${String(value)}`) : String(value);
  }
}

/** Every change made to the player: who, when, from where, and each value before and after. */
export function HistoryTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const [page, setPage] = useState(1);
  const query = usePlayerChanges(player.IdPlayer, page);
  return (
    <QueryState
      query={query}
      pending="line"
      loading={t('player.history.loading')}
      empty={t('player.history.empty')}
      isEmpty={(r) => r.TotalRows === 0}
    >
      {(r) => {
        const f = { t, locale, timeZone, currency: r.Currency };
        return (
          <>
            <ol className="stack-list player-changes">
              {r.Rows.map((c) => (
                <li key={c.IdChange} className="player-changes__item">
                  <p className="player-changes__what">
                    {t(`player.history.actions.${c.Action.replaceAll('.', '_')}`, {
                      defaultValue: t('player.history.actions.other'),
                    })}
                  </p>
                  <p className="player-changes__meta">
                    <DateTime instant={c.At} locale={locale} timeZone={timeZone} /> ·{' '}
                    {c.ByKind === 'agent' || c.ByKind === 'player'
                      ? c.By
                      : t(`player.history.by.${c.ByKind}`)}
                    {c.ActingFor && <> {t('player.history.actingFor', { agent: c.ActingFor })}</>}
                    {c.Address && <> · {t('player.history.from', { address: c.Address })}</>}
                  </p>
                  {c.Fields.length > 0 && (
                    <table className="player-changes__fields">
                      <TableHead prefix="player.history" columns={['field', 'before', 'after']} />
                      <tbody>
                        {c.Fields.map((field) => (
                          <tr key={field.Field}>
                            <th scope="row">{labelOf(field.Field, t)}</th>
                            <td>{valueOf(field, field.Before, f)}</td>
                            <td>{valueOf(field, field.After, f)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </li>
              ))}
            </ol>
            <ListPager page={page} list={r} locale={locale} onPage={setPage} />
          </>
        );
      }}
    </QueryState>
  );
}
