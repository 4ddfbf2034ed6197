// A log-in history section: a period, the log-ins newest first (when, outcome, how, from where,
// which device), paged on the server. Used for the agent signed in, a sub-agent and a player.
import type { LoginRow } from '@backline/contract/calls/login-history';
import { Period } from '@backline/contract/core/enums';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { Pager, usePaging } from '@/components/ui/pager';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { QueryState } from '@/components/ui/query-state';
import { SimpleTable, TableScroll } from '@/components/ui/simple-table';
import { formatCount, formatDayRange, useLocale } from '@/lib/format';
import type { PeriodRange } from '@/lib/period-range';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useLoginHistory, type LoginHistoryAccount } from './get-login-history';
import '@/components/ui/report.css';
import '@/components/ui/report-extras.css';
import './sessions.css';

const COLUMNS = ['at', 'outcome', 'method', 'source', 'ip', 'device'] as const;

interface LoginHistoryProps {
  account: LoginHistoryAccount;
  title: string;
  /** The heading's level where the section sits. */
  level?: 2 | 3;
}

export function LoginHistory({ account, title, level = 2 }: LoginHistoryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [range, setRange] = useState<PeriodRange>({ period: Period.ThisMonth });
  const paging = usePaging(25);
  const query = useLoginHistory(account, {
    ...range,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="login-history" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="login-history__title">
        {title}
      </Heading>
      <div className="login-history__filters">
        <PeriodRangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            paging.restart();
          }}
        />
      </div>
      <div aria-busy={query.isFetching}>
        <QueryState
          query={query}
          loading={t('loginHistory.loading')}
          empty={t('loginHistory.empty')}
          isEmpty={(h) => h.TotalRows === 0}
        >
          {(h) => {
            const caption = t('loginHistory.caption', {
              login: h.Account.Login,
              period: formatDayRange(h.StartDate, h.EndDate, locale),
            });
            return (
              <>
                <p className="login-history__summary">
                  {t('loginHistory.summary', {
                    count: h.TotalRows,
                    formatted: formatCount(h.TotalRows, locale),
                    ok: formatCount(h.Succeeded, locale),
                  })}
                </p>
                <TableScroll label={caption}>
                  <SimpleTable
                    className="report-table login-history__table"
                    caption={caption}
                    head={{ prefix: 'loginHistory.columns', columns: COLUMNS }}
                  >
                    {h.Rows.map((row, i) => (
                      <LoginLine key={`${row.At}-${i}`} row={row} />
                    ))}
                  </SimpleTable>
                </TableScroll>
                <Pager {...paging.pager} totalRows={h.TotalRows} locale={locale} />
              </>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}

function LoginLine({ row }: { row: LoginRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const device = [row.Device, row.DeviceTag && `#${row.DeviceTag}`].filter(Boolean).join(' ');
  return (
    <tr>
      <td className="when">
        <DateTime instant={row.At} locale={locale} timeZone={timeZone} />
      </td>
      <td className={row.Outcome === 'ok' ? 'login-outcome--ok' : 'login-outcome--failed'}>
        {t(`loginHistory.outcomes.${row.Outcome}`)}
      </td>
      <td>{t(`sessions.methods.${row.Method}`, { defaultValue: row.Method })}</td>
      <td>{t(`loginHistory.sources.${row.Source}`)}</td>
      <td>{[row.Ip ?? '—', row.Country].filter(Boolean).join(' · ')}</td>
      <td>{device || '—'}</td>
    </tr>
  );
}
