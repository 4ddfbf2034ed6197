// The alerts screen (issue 19 item 4): the agent's alert settings, then the log of the alerts raised
// for the agents of its subtree over a period, newest first, by kind and agent, paged on the server.
import {
  ALERT_KINDS,
  AlertKind,
  ALERTS_PAGE_MAX,
  type AlertRow,
} from '@backline/contract/calls/alerts';
import { defaulted, optional, WholeNumber } from '@backline/contract/core/endpoint';
import { Period } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { EnumFilter } from '@/components/ui/choice-field';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money-cell';
import { Pager } from '@/components/ui/pager';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { SimpleTable, TableScroll } from '@/components/ui/simple-table';
import { useLocale } from '@/lib/format';
import { periodAgentUrl, usePeriodAgentState } from '@/lib/period-agent-state';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useAlertLog } from '../api/alerts';
import { AlertSettingsPanel } from './alert-settings';
import './alerts.css';

const URL_STATE = periodAgentUrl(
  {
    kind: optional(AlertKind),
    page: defaulted(WholeNumber('must be a number', 1, 100_000), 1),
    pageSize: defaulted(WholeNumber('must be a number', 1, ALERTS_PAGE_MAX), 50),
  },
  { kind: undefined, page: 1, pageSize: 50 },
);

const COLUMNS = ['createdAt', 'kind', 'agent', 'about', 'figure', 'threshold', 'webhook'] as const;
const CLASSES = { figure: 'num', threshold: 'num' } as const;

export function Alerts() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { url, patch, range, idAgent } = usePeriodAgentState(URL_STATE, Period.Today);
  const { kind, page, pageSize } = url;
  const query = useAlertLog({ ...range, idAgent, kind, page, pageSize });
  // Any filter but a page turn starts from the first page.
  const change = (c: Parameters<typeof patch>[0]) => patch({ page: 1, ...c });

  return (
    <div className="alerts">
      <PeriodAgentReport
        screen="alerts"
        query={query}
        isEmpty={(r) => r.Total === 0}
        countOf={(r) => r.Total}
        range={range}
        idAgent={idAgent}
        onChange={change}
        above={<AlertSettingsPanel idAgent={idAgent} />}
        fields={
          <EnumFilter
            label={t('alerts.columns.kind')}
            values={ALERT_KINDS}
            names="alerts.kinds"
            value={kind}
            onChange={(k) => change({ kind: k })}
          />
        }
      >
        {(r, days) => (
          <>
            <TableScroll label={t('alerts.caption', { period: days.text })}>
              <SimpleTable
                className="report-table alerts-table"
                caption={t('alerts.caption', { period: days.text })}
                head={{ prefix: 'alerts.columns', columns: COLUMNS, classes: CLASSES }}
              >
                {r.Rows.map((row) => (
                  <AlertLine key={row.IdAlert} row={row} currency={r.Currency} />
                ))}
              </SimpleTable>
            </TableScroll>
            <Pager
              page={page}
              pageSize={pageSize}
              totalRows={r.Total}
              locale={locale}
              onPage={(p) => patch({ page: p })}
              onPageSize={(size) => change({ pageSize: size })}
            />
          </>
        )}
      </PeriodAgentReport>
    </div>
  );
}

function AlertLine({ row, currency }: { row: AlertRow; currency: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const side = row.Side ? t(`alerts.sides.${row.Side}`, { defaultValue: row.Side }) : null;
  const about = [
    row.Player,
    row.Ticket && `#${row.Ticket}`,
    row.Game,
    side && row.Kind !== 'day_result' ? side : null,
    row.Kind === 'day_result' && side,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <tr>
      <td className="when">
        <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />
      </td>
      <td>{t(`alerts.kinds.${row.Kind}`)}</td>
      <td>{row.Agent}</td>
      <td>{about}</td>
      <td className="num">
        <Money minor={row.Figure} currency={currency} locale={locale} />
      </td>
      <td className="num">
        {row.Threshold === null ? (
          '—'
        ) : (
          <Money minor={row.Threshold} currency={currency} locale={locale} neutral />
        )}
      </td>
      <td title={row.WebhookError ?? undefined}>
        {t(`alerts.webhook.${row.WebhookStatus}`, { count: row.WebhookAttempts })}
      </td>
    </tr>
  );
}
