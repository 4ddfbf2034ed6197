// A ledger line in the reader's language: its code picks the words (ledger.descriptions), results,
// methods and products among its parameters are translated too. A line posted before codes keeps
// the words it was stored with.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ledgerDescriptionText,
  TRANSLATED_LEDGER_PARAMS,
  type LedgerDescriptionCode,
} from '@backline/contract/core/ledger-description';

export interface DescribedLine {
  Description: string;
  DescriptionCode: LedgerDescriptionCode | null;
  DescriptionParams: Record<string, string>;
}

export function ledgerLineText(line: DescribedLine, t: TFunction): string {
  if (!line.DescriptionCode) return line.Description;
  return ledgerDescriptionText(
    { Code: line.DescriptionCode, Params: line.DescriptionParams },
    (param, value) => t(`${TRANSLATED_LEDGER_PARAMS[param]}.${value}`, { defaultValue: value }),
    t(`ledger.descriptions.${line.DescriptionCode}`),
  );
}

export function useLedgerLineText(): (line: DescribedLine) => string {
  const { t } = useTranslation();
  return (line) => ledgerLineText(line, t);
}
