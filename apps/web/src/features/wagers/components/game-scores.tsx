import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format';
import type { useWagerGameScore } from '../api/get-wager-game-score';

interface GameScoresProps {
  query: ReturnType<typeof useWagerGameScore>;
  locale: string;
  timeZone: string;
}

/** The score of every event the wager's legs are on, with its own loading and error state. */
export function GameScores({ query, locale, timeZone }: GameScoresProps) {
  const { t } = useTranslation();
  return (
    <QueryState query={query} pending="spinner" loading={t('wagers.detail.loadingScore')}>
      {(data) => (
        <ul className="scores stack-list">
          {data.Games.map((g) => {
            const played = g.HomeScore !== null && g.AwayScore !== null;
            return (
              <li key={`${g.Event}|${g.StartsAt}`} className="scores__game">
                <span className="scores__event">
                  {g.Event}
                  <span className="cell-sub">
                    {t(`sports.${g.Sport}`)} · {formatDateTime(g.StartsAt, locale, timeZone)} ·{' '}
                    {t(`wagers.gameStatuses.${g.Status}`, g.Status)}
                  </span>
                </span>
                <span className="scores__score">
                  {played
                    ? t('wagers.detail.score', {
                        away: g.Away,
                        awayScore: g.AwayScore,
                        home: g.Home,
                        homeScore: g.HomeScore,
                      })
                    : t('wagers.detail.noScore')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}
