import type { ExportFormat } from '@backline/contract/calls/export-route';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { requestOf, type ExportTarget } from './export-file';
import { ExportProgressLine } from './export-progress';
import { useExport } from './use-export';
import './export-button.css';

/** The two buttons: Excel, the main one with its icon, and CSV beside it (named in full for readers). */
const FORMATS: ReadonlyArray<{
  format: ExportFormat;
  className: string;
  label: string;
  name?: string;
}> = [
  { format: 'xlsx', className: 'export-button__main', label: 'export.excel' },
  { format: 'csv', className: 'export-button__csv', label: 'export.csv', name: 'export.csvLabel' },
];

interface ExportButtonProps {
  /** The report and the filters the screen shows; null while there is nothing to export yet. */
  target: ExportTarget | null;
}

/**
 * Exports the table on screen with its current filters: Excel on the main button, CSV beside it.
 * The server streams the file in the reader's language into the browser's own downloads; the rows
 * written so far show here, with a cancel.
 */
export function ExportButton({ target }: ExportButtonProps) {
  const { t } = useTranslation();
  const id = useId();
  const language = useAgentStore((s) => s.language);
  const errorMessage = useErrorMessage();
  const exporting = useExport();
  const busy = exporting.running;
  const run = (format: ExportFormat) => {
    if (target) exporting.run(requestOf(target, format, language));
  };
  const working = busy ? (exporting.pending ?? exporting.active?.request)?.format : undefined;

  return (
    <div className="export-button">
      <div className="export-button__group" role="group" aria-labelledby={`${id}-label`}>
        <span id={`${id}-label`} className="visually-hidden">
          {t('export.group')}
        </span>
        {FORMATS.map(({ format, className, label, name }) => (
          <button
            key={format}
            type="button"
            className={`button ${className}`}
            disabled={!target || busy}
            aria-busy={working === format}
            aria-label={name && t(name)}
            onClick={() => run(format)}
          >
            {format === 'xlsx' && <span className="export-button__icon" aria-hidden="true" />}
            {working === format ? t('export.working') : t(label)}
          </button>
        ))}
      </div>
      {exporting.error && (
        <p className="export-button__error" role="alert">
          {errorMessage(exporting.error)}
        </p>
      )}
      <ExportProgressLine control={exporting} />
    </div>
  );
}
