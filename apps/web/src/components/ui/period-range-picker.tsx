import { PERIODS } from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { resolvePeriodRange, type PeriodRange } from '@/lib/period-range';
import { useAgentStore } from '@/stores/agent-store';

const CUSTOM = 'custom';

interface PeriodRangePickerProps {
  value: PeriodRange;
  onChange: (range: PeriodRange) => void;
}

/** The seven periods of the spec, or custom dates; choosing "custom" starts from the shown days. */
export function PeriodRangePicker({ value, onChange }: PeriodRangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const custom = 'startDate' in value;
  const days = resolvePeriodRange(value, new Date(), timeZone);

  const setDates = (startDate: string, endDate: string) => {
    // An end before the start pulls the other end along rather than leaving an empty range.
    if (!startDate || !endDate) return;
    onChange(
      startDate <= endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate },
    );
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-period`}>{t('periods.label')}</label>
        <select
          id={`${id}-period`}
          value={custom ? CUSTOM : String(value.period)}
          onChange={(e) =>
            e.target.value === CUSTOM
              ? onChange({ startDate: days.StartDate, endDate: days.EndDate })
              : onChange({ period: Number(e.target.value) })
          }
        >
          {PERIODS.map((p) => (
            <option key={p.Value} value={p.Value}>
              {t(`periods.${p.Description}`)}
            </option>
          ))}
          <option value={CUSTOM}>{t('periods.customDates')}</option>
        </select>
      </div>
      {custom && (
        <>
          <div className="field">
            <label htmlFor={`${id}-start`}>{t('periods.from')}</label>
            <input
              id={`${id}-start`}
              type="date"
              value={value.startDate}
              required
              onChange={(e) => setDates(e.target.value, value.endDate)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-end`}>{t('periods.to')}</label>
            <input
              id={`${id}-end`}
              type="date"
              value={value.endDate}
              required
              onChange={(e) => setDates(value.startDate, e.target.value)}
            />
          </div>
        </>
      )}
    </>
  );
}
