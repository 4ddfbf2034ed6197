import { EXPORT_FORMATS } from '@backline/contract/calls/export-route';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { requestOf } from '@/components/export/export-file';
import { ExportProgressLine } from '@/components/export/export-progress';
import { useExport } from '@/components/export/use-export';
import { resolvePeriodRange } from '@/lib/period-range';
import { useAgentStore } from '@/stores/agent-store';
import { REPORTS, targetOf } from '../utils/catalogue';
import { RecentExports } from './recent-exports';
import { ReportFilters } from './report-filters';
import { useExportCenterParams } from './use-export-center-params';
import { ReportPage } from '@/components/ui/report-page';
import { ErrorAlert } from '@/components/ui/states';
import { SelectField } from '@/components/ui/text-field';
import './export-center.css';

export function ExportCenter() {
  const { t } = useTranslation();
  const id = useId();
  const language = useAgentStore((s) => s.language);
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [values, set] = useExportCenterParams();
  const exporting = useExport();
  const days = resolvePeriodRange(values.range, new Date(), timeZone);
  const target = targetOf(values, days);
  const busy = exporting.running;

  return (
    <ReportPage title={t('exportExcel.title')} intro={t('exportExcel.intro')}>
      <div className="export-center__layout">
        <form
          className="export-center__panel card export-center__form"
          aria-labelledby={`${id}-form`}
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            if (target) exporting.run(requestOf(target, values.format, language));
          }}
        >
          <h2 id={`${id}-form`} className="export-center__subtitle">
            {t('exportExcel.formTitle')}
          </h2>
          <SelectField
            label={t('exportExcel.report')}
            value={values.report}
            onChange={(e) => set({ report: e.target.value as (typeof REPORTS)[number] })}
          >
            {REPORTS.map((r) => (
              <option key={r} value={r}>
                {t(`exportExcel.reports.${r}`)}
              </option>
            ))}
          </SelectField>
          <ReportFilters values={values} onChange={set} />
          <fieldset className="export-center__formats">
            <legend>{t('exportExcel.format')}</legend>
            {EXPORT_FORMATS.map((format) => (
              <label key={format} className="export-center__format">
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={format}
                  checked={values.format === format}
                  onChange={() => set({ format })}
                />
                {t(`exportExcel.formats.${format}`)}
              </label>
            ))}
          </fieldset>
          <ErrorAlert error={exporting.error} />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!target || busy}
          >
            {busy ? t('exportExcel.downloading') : t('exportExcel.download')}
          </button>
          <ExportProgressLine control={exporting} />
        </form>

        <RecentExports busy={busy} onAgain={(entry) => exporting.run(entry.request)} />
      </div>
    </ReportPage>
  );
}
