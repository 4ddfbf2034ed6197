import type { AuditLogRow } from '@backline/contract/reports/audit-log';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { TableHead } from '@/components/ui/simple-table';
import { Term } from '@/components/ui/term';
import { useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import {
  actionLabel,
  actorLabel,
  currencyOf,
  fieldLabel,
  targetLabel,
  valueText,
} from '../utils/audit-words';

/** One act whole: who, for whom, on whom, from where, each field before → after, and the rest. */
export function AuditRowDialog({ row, onClose }: { row: AuditLogRow; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const money = { currency: currencyOf(row), locale };
  const facts: [string, React.ReactNode][] = [
    [t('auditLog.columns.when'), <DateTime instant={row.At} locale={locale} timeZone={timeZone} />],
    [
      t('auditLog.columns.who'),
      row.ActingFor
        ? `${actorLabel(t, row)} ${t('auditLog.actingFor', { login: row.ActingFor })}`
        : actorLabel(t, row),
    ],
    [t('auditLog.columns.target'), targetLabel(t, row) || '—'],
    [t('exportExcel.file.columns.ip'), row.Ip ?? '—'],
    [t('exportExcel.file.columns.country'), row.Country ?? t('auditLog.unknownCountry')],
    [t('exportExcel.file.columns.device'), row.Device ?? '—'],
  ];
  return (
    <Dialog title={actionLabel(t, row.Action)} onClose={onClose} className="audit-row-dialog">
      <dl className="audit-row-dialog__facts">
        {facts.map(([term, value]) => (
          <Term key={term} label={term}>
            {value}
          </Term>
        ))}
      </dl>
      {row.Changes.length > 0 && (
        <table className="audit-row-dialog__changes">
          <caption>{t('auditLog.columns.changes')}</caption>
          <TableHead prefix="auditLog" columns={['field', 'before', 'after']} />
          <tbody>
            {row.Changes.map((c) => (
              <tr key={c.Field}>
                <th scope="row">{c.Field ? fieldLabel(t, c.Field) : '—'}</th>
                <td>{valueText(c.Field, c.Before, money, t)}</td>
                <td>{valueText(c.Field, c.After, money, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {row.Details.length > 0 && (
        <>
          <h3 className="audit-row-dialog__heading">{t('auditLog.details')}</h3>
          <ul className="audit-row-dialog__details">
            {row.Details.map((d) => (
              <li key={d.Key}>
                {fieldLabel(t, d.Key)}: {valueText(d.Key, d.Value, money, t)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
