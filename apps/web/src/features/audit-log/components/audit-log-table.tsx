import type { AuditLogRow } from '@backline/contract/reports/audit-log';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { useSiteTimeZone } from '@/lib/time-zone';
import {
  actionLabel,
  actorLabel,
  changeText,
  currencyOf,
  fieldLabel,
  originText,
  targetLabel,
  valueText,
} from '../utils/audit-words';

interface AuditLogTableProps {
  rows: readonly AuditLogRow[];
  locale: string;
  caption: string;
  fetching: boolean;
  onOpen: (row: AuditLogRow) => void;
}

/** One line per act, newest first; a row's whole before → after and details open in a dialog. */
export function AuditLogTable({ rows, locale, caption, fetching, onOpen }: AuditLogTableProps) {
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone();
  const columns: DataColumn<AuditLogRow>[] = [
    {
      id: 'when',
      header: t('auditLog.columns.when'),
      className: 'when',
      cell: (r) => <DateTime instant={r.At} locale={locale} timeZone={timeZone} />,
    },
    {
      id: 'who',
      header: t('auditLog.columns.who'),
      className: 'audit-log__who',
      cell: (r) => (
        <>
          <span className="mono">{actorLabel(t, r)}</span>
          {r.ActingFor && (
            <span className="audit-log__muted">
              {' '}
              {t('auditLog.actingFor', { login: r.ActingFor })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'action',
      header: t('auditLog.columns.action'),
      cell: (r) => actionLabel(t, r.Action),
    },
    {
      id: 'target',
      header: t('auditLog.columns.target'),
      cell: (r) => targetLabel(t, r),
    },
    {
      id: 'changes',
      header: t('auditLog.columns.changes'),
      className: 'audit-log__changes',
      cell: (r) => <ChangeCell row={r} locale={locale} onOpen={onOpen} />,
    },
    {
      id: 'from',
      header: t('auditLog.columns.from'),
      className: 'audit-log__from',
      cell: (r) => originText(r),
    },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      caption={caption}
      getRowId={(r) => String(r.Id)}
      locale={locale}
      className="audit-log-table"
      rowHeight={52}
      fetching={fetching}
    />
  );
}

/** The first change (or detail) in a line, and a button to the rest. */
function ChangeCell(props: {
  row: AuditLogRow;
  locale: string;
  onOpen: (row: AuditLogRow) => void;
}) {
  const { row, locale, onOpen } = props;
  const { t } = useTranslation();
  const first = row.Changes[0];
  const money = { currency: currencyOf(row), locale };
  const summary = first
    ? changeText(t, first, money)
    : row.Details.map(
        (d) => `${fieldLabel(t, d.Key)}: ${valueText(d.Key, d.Value, money, t)}`,
      ).join(' · ');
  const more = row.Changes.length + row.Details.length > (first ? 1 : 0) || summary.length > 60;
  return (
    <span className="audit-log__change">
      <span className="audit-log__change-text" title={summary}>
        {summary || t('auditLog.noChanges')}
      </span>
      {more && (
        <button
          type="button"
          className="button button--ghost audit-log__more"
          aria-label={t('auditLog.moreLabel', { id: row.Id })}
          onClick={() => onOpen(row)}
        >
          {t('auditLog.more')}
        </button>
      )}
    </span>
  );
}
