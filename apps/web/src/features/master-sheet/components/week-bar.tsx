import type { MasterSheetResponse } from '@backline/contract/reports/master-sheet';
import { addDays, localDate, mondayOf } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDayRange } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';

interface WeekBarProps {
  sheet: MasterSheetResponse;
  locale: string;
  onWeek: (monday: string) => void;
}

/** The week shown, the weeks either side, and whether its sheet is final yet. */
export function WeekBar({ sheet, locale, onWeek }: WeekBarProps) {
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone();
  const next = addDays(sheet.StartDate, 7);
  // The week after this one shows what this one carries forward; later ones would say nothing more.
  const nextShown = next <= addDays(mondayOf(localDate(new Date(), timeZone)), 7);
  const closesAt = formatDateTime(sheet.ClosesAt, locale, timeZone);
  return (
    <div className="master-sheet__week card">
      <button type="button" className="button" onClick={() => onWeek(addDays(sheet.StartDate, -7))}>
        <span aria-hidden="true">‹ </span>
        {t('masterSheet.week.previous')}
      </button>
      <p className="master-sheet__week-range">
        <span className="visually-hidden">{t('masterSheet.week.label')}: </span>
        {formatDayRange(sheet.StartDate, sheet.EndDate, locale)}
      </p>
      <button type="button" className="button" disabled={!nextShown} onClick={() => onWeek(next)}>
        {t('masterSheet.week.next')}
        <span aria-hidden="true"> ›</span>
      </button>
      <p className={`ms-pill ms-pill--${sheet.Closed ? 'closed' : 'open'}`}>
        {sheet.Closed
          ? t('masterSheet.week.closed', { at: closesAt })
          : t('masterSheet.week.open', { at: closesAt })}
      </p>
    </div>
  );
}
