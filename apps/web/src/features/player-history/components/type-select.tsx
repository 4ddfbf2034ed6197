import { TRANSACTION_TYPES } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@/components/ui/choice-field';

interface TypeSelectProps {
  value: number;
  onChange: (type: number) => void;
}

/** The transaction type filter: the spec's eight values, -1 (all) to 7 (rbl). */
export function TypeSelect({ value, onChange }: TypeSelectProps) {
  const { t } = useTranslation();
  const choices = TRANSACTION_TYPES.map((type) => ({
    value: type.Value,
    label: t(typeLabelKey(type.Value)),
  }));
  return (
    <ChoiceField
      label={t('playerHistory.type')}
      choices={choices}
      value={value}
      onChange={onChange}
    />
  );
}

export function typeLabelKey(type: number): string {
  const entry = TRANSACTION_TYPES.find((t) => t.Value === type);
  return `transactionTypes.${entry?.Description ?? 'all'}`;
}
