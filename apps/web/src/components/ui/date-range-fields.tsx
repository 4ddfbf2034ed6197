import { PERIODS } from '@backline/contract/core/enums';
import { computePeriod, type IsoDate } from '@backline/contract/core/periods';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentStore } from '@/stores/agent-store';

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

const CUSTOM = 'custom';

interface DateRangeFieldsProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/**
 * The spec's period shortcuts over two date fields: picking a period fills the dates, editing a
 * date makes the range custom. An end before the start pulls the other end along.
 */
export function DateRangeFields({ value, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const ranges = useMemo(() => {
    const now = new Date();
    return PERIODS.map((p) => ({ ...p, ...computePeriod(p.Value, now, timeZone) }));
  }, [timeZone]);
  const current = ranges.find(
    (r) => r.StartDate === value.startDate && r.EndDate === value.endDate,
  );
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-period`}>{t('periods.label')}</label>
        <select
          id={`${id}-period`}
          value={current ? String(current.Value) : CUSTOM}
          onChange={(e) => {
            const range = ranges.find((r) => String(r.Value) === e.target.value);
            if (range) onChange({ startDate: range.StartDate, endDate: range.EndDate });
          }}
        >
          {ranges.map((r) => (
            <option key={r.Value} value={r.Value}>
              {t(`periods.${r.Description}`)}
            </option>
          ))}
          <option value={CUSTOM} disabled={!!current}>
            {t('periods.custom')}
          </option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-start`}>{t('periods.startDate')}</label>
        <input
          id={`${id}-start`}
          type="date"
          value={value.startDate}
          required
          onChange={(e) => {
            const startDate = e.target.value;
            if (!startDate) return;
            onChange({ startDate, endDate: startDate > value.endDate ? startDate : value.endDate });
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>{t('periods.endDate')}</label>
        <input
          id={`${id}-end`}
          type="date"
          value={value.endDate}
          required
          onChange={(e) => {
            const endDate = e.target.value;
            if (!endDate) return;
            onChange({ startDate: endDate < value.startDate ? endDate : value.startDate, endDate });
          }}
        />
      </div>
    </>
  );
}
