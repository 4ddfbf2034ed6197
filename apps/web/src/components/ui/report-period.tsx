// The days a report shows, known before the server answers, so the heading never waits for the
// table, and the heading's period line that says them.
import type { PeriodResult } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { formatDayRange, useLocale } from '@/lib/format';
import { resolvePeriodRange, type PeriodRange } from '@/lib/period-range';
import { useAgentStore } from '@/stores/agent-store';

export interface ShownDays extends PeriodResult {
  /** The days as the heading says them, e.g. "Nov 16 – 22, 2026". */
  text: string;
}

/** The answer's days once it came, else the days `range` means today in the site's zone. */
export function useShownDays(range: PeriodRange, answered?: PeriodResult): ShownDays {
  const locale = useLocale();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const { StartDate, EndDate } = answered ?? resolvePeriodRange(range, new Date(), timeZone);
  return { StartDate, EndDate, text: formatDayRange(StartDate, EndDate, locale) };
}

/** The report heading's period line; a week report names it a week for screen readers. */
export function ReportPeriod({ days, week = false }: { days: ShownDays; week?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {week && <span className="visually-hidden">{t('weeklyBalance.week')}: </span>}
      <time dateTime={days.StartDate}>{days.text}</time>
    </>
  );
}
