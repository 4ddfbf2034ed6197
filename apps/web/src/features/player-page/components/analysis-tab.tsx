import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { formatCount, useLocale } from '@/lib/format';
import { usePlayerAnalysis } from '../api/get-player-analysis';
import { AnalysisPeriods } from './analysis-periods';
import { AnalysisWeeks } from './analysis-weeks';
import './analysis-tab.css';

/**
 * What the player bets and what it has come to: handle, net, hold, wagers graded and the CLV
 * score for its lifetime, this year and this month, and the last weeks drawn and listed.
 */
export function AnalysisTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = usePlayerAnalysis(player.IdPlayer);
  return (
    <QueryState
      query={query}
      pending="line"
      loading={t('player.analysis.loading')}
      empty={t('player.analysis.empty')}
      isEmpty={(a) => a.Periods.every((p) => p.Wagers === 0 && p.Net === 0)}
    >
      {(a) => (
        <div className="player-analysis">
          <AnalysisPeriods analysis={a} locale={locale} />
          <AnalysisWeeks analysis={a} locale={locale} />
          <p className="player-analysis__notes">
            {t('player.analysis.notes', {
              last: formatCount(a.Scoring.LastLegs, locale),
              min: formatCount(a.Scoring.MinLegs, locale),
              sharp: formatCount(a.Scoring.SharpScore, locale),
            })}
          </p>
        </div>
      )}
    </QueryState>
  );
}
