import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { formatCount, formatTime, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useExportStore, type RecentExport } from '@/stores/export-store';

interface RecentExportsProps {
  onAgain: (entry: RecentExport) => void;
  busy: boolean;
}

/** The files exported in this session, from any report screen or from here, newest first. */
export function RecentExports({ onAgain, busy }: RecentExportsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const recent = useExportStore((s) => s.recent);
  const clear = useExportStore((s) => s.clear);

  return (
    <section className="export-center__panel card" aria-labelledby="recent-exports-title">
      <div className="export-center__panel-head">
        <h2 id="recent-exports-title" className="export-center__subtitle">
          {t('exportExcel.recent')}
        </h2>
        {recent.length > 0 && (
          <button type="button" className="button button--ghost" onClick={clear}>
            {t('exportExcel.clear')}
          </button>
        )}
      </div>
      {recent.length === 0 ? (
        <EmptyState message={t('exportExcel.recentEmpty')} />
      ) : (
        <ul className="recent-exports stack-list">
          {recent.map((entry) => {
            const report = t(`exportExcel.reports.${entry.request.report}`);
            const time = formatTime(entry.at, locale, timeZone);
            return (
              <li key={entry.id} className="recent-exports__item">
                <div className="recent-exports__text">
                  <span className="recent-exports__report">{report}</span>
                  <span className="recent-exports__file">
                    {t(`exportExcel.formats.${entry.request.format}`)}
                  </span>
                  <span className="recent-exports__meta">
                    {t('exportExcel.madeAt', { time })} ·{' '}
                    {t('exportExcel.rows', {
                      count: entry.rows,
                      rows: formatCount(entry.rows, locale),
                    })}
                  </span>
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={t('exportExcel.againLabel', { report, time })}
                  onClick={() => onAgain(entry)}
                >
                  {t('exportExcel.again')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
