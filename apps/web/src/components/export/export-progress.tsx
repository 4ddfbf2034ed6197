import { isErrorCode } from '@backline/contract/core/errors';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/errors';
import { formatCount, useLocale } from '@/lib/format';
import type { ExportControl } from './use-export';
import './export-progress.css';

/**
 * Where an export has got, read to assistive technology as it changes: rows written so far with a
 * cancel while it runs, then how it ended. The browser's own download shows the bytes.
 */
export function ExportProgressLine({ control }: { control: ExportControl }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const { active, progress, neverStarted } = control;
  if (!active) return null;
  const rows = formatCount(progress?.Rows ?? 0, locale);
  const count = progress?.Rows ?? 0;
  const state = neverStarted ? 'notStarted' : (progress?.State ?? 'waiting');
  const code = progress?.Code ?? 'server_error';
  const text =
    state === 'failed'
      ? errorMessage(
          new ApiError('', 0, null, {
            Code: isErrorCode(code) ? code : 'server_error',
            Params: {},
          }),
        )
      : t(`export.states.${state}`, { rows, count });
  const live = state === 'waiting' || state === 'running';
  return (
    <div className={`export-progress export-progress--${state}`}>
      <p role="status" aria-live="polite" className="export-progress__text">
        {live && <span className="spinner" aria-hidden="true" />}
        {text}
      </p>
      {live && (
        <button
          type="button"
          className="button button--ghost export-progress__cancel"
          disabled={control.cancelling}
          aria-label={t('export.cancelLabel')}
          onClick={control.cancel}
        >
          {t('export.cancel')}
        </button>
      )}
    </div>
  );
}
