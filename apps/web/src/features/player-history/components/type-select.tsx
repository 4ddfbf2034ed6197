import { TRANSACTION_TYPES } from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface TypeSelectProps {
  value: number;
  onChange: (type: number) => void;
}

/** The transaction type filter: the spec's eight values, -1 (all) to 7 (rbl). */
export function TypeSelect({ value, onChange }: TypeSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('playerHistory.type')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {TRANSACTION_TYPES.map((type) => (
          <option key={type.Value} value={type.Value}>
            {t(`transactionTypes.${type.Description}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function typeLabelKey(type: number): string {
  const entry = TRANSACTION_TYPES.find((t) => t.Value === type);
  return `transactionTypes.${entry?.Description ?? 'all'}`;
}
