import { PERIODS } from '@backline/contract/core/enums';
import { computePeriod, type IsoDate } from '@backline/contract/core/periods';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentStore } from '@/stores/agent-store';
import { SelectField, TextField } from './text-field';

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

const CUSTOM = 'custom';
const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

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
      <SelectField
        label={t('periods.label')}
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
          {t('periods.customDates')}
        </option>
      </SelectField>
      <DateFields value={value} onChange={onChange} />
    </>
  );
}

/** The range's two days; an end before the start pulls the other end along. */
export function DateFields({ value, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  const ends = [
    {
      label: t('periods.from'),
      day: value.startDate,
      set: (startDate: string) => onChange({ startDate, endDate: max(startDate, value.endDate) }),
    },
    {
      label: t('periods.to'),
      day: value.endDate,
      set: (endDate: string) => onChange({ startDate: min(endDate, value.startDate), endDate }),
    },
  ];
  return ends.map((end) => (
    <TextField
      key={end.label}
      label={end.label}
      type="date"
      value={end.day}
      required
      // A cleared field changes nothing: a range always has both its days.
      onChange={(e) => e.target.value && end.set(e.target.value)}
    />
  ));
}
