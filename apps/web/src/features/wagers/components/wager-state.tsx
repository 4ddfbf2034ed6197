import type { Wager } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { ResultBadge } from './result-badge';

/** Deleted, open, or graded with its result: a graded wager says so, not only win or loss. */
export function WagerState({ wager: w }: { wager: Pick<Wager, 'Deleted' | 'Result'> }) {
  const { t } = useTranslation();
  if (w.Deleted) return <span className="tag tag--deleted">{t('wagers.deleted')}</span>;
  if (w.Result === 'open') return <ResultBadge result={w.Result} />;
  return (
    <span className="wager-state">
      <span className="tag tag--graded">{t('wagers.graded')}</span>
      <ResultBadge result={w.Result} />
    </span>
  );
}
