import { PERIODS } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { resolvePeriodRange, type PeriodRange } from '@/lib/period-range';
import { useAgentStore } from '@/stores/agent-store';
import { SelectField, TextField } from '@/components/ui/text-field';

const CUSTOM = 'custom';

interface PeriodRangePickerProps {
  value: PeriodRange;
  onChange: (range: PeriodRange) => void;
}

/** The seven periods of the spec, or custom dates; choosing "custom" starts from the shown days. */
export function PeriodRangePicker({ value, onChange }: PeriodRangePickerProps) {
  const { t } = useTranslation();
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
      <SelectField
        label={t('periods.label')}
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
      </SelectField>
      {custom && (
        <>
          <TextField
            label={t('periods.from')}
            type="date"
            value={value.startDate}
            required
            onChange={(e) => setDates(e.target.value, value.endDate)}
          />
          <TextField
            label={t('periods.to')}
            type="date"
            value={value.endDate}
            required
            onChange={(e) => setDates(value.startDate, e.target.value)}
          />
        </>
      )}
    </>
  );
}
