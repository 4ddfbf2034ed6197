import { useTranslation } from 'react-i18next';

/** How long an old secret keeps working beside its successor, in hours. */
export const OVERLAP_CHOICES = [0, 1, 24, 72, 168] as const;

export function OverlapField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (hours: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('integration.overlap')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {OVERLAP_CHOICES.map((hours) => (
          <option key={hours} value={hours}>
            {hours === 0
              ? t('integration.overlapNone')
              : t('integration.overlapHours', { count: hours })}
          </option>
        ))}
      </select>
    </div>
  );
}
