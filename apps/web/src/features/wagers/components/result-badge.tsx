import type { ShownResult } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';

/** A bet result as a coloured word: colour helps, the word carries the meaning. */
export function ResultBadge({ result }: { result: ShownResult }) {
  const { t } = useTranslation();
  return <span className={`badge badge--${result}`}>{t(`betResults.${result}`)}</span>;
}
