import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
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
  const errorMessage = useErrorMessage();
  if (query.isPending) {
    return (
      <p className="dialog__status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('wagers.detail.loadingScore')}
      </p>
    );
  }
  if (query.isError) {
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return (
    <ul className="scores">
      {query.data.Games.map((g) => {
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
  );
}
