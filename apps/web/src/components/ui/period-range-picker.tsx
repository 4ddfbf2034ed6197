import { PERIODS } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { resolvePeriodRange, type PeriodRange } from '@/lib/period-range';
import { useAgentStore } from '@/stores/agent-store';
import { DateFields } from './date-range-fields';
import { SelectField } from './text-field';

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
      {custom && <DateFields value={value} onChange={onChange} />}
    </>
  );
}
