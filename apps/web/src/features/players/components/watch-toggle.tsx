import type { PlayerListRow } from '@backline/contract/reports/players';
import { useTranslation } from 'react-i18next';
import { toast } from '@/stores/toast-store';
import { useSetPlayerWatched } from '../api/set-player-watched';

interface WatchToggleProps {
  player: Pick<PlayerListRow, 'IdPlayer' | 'Player' | 'Watched'>;
  /** Without the right to manage players, the mark shows but does not change. */
  editable: boolean;
}

const Star = ({ filled }: { filled: boolean }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
    <path
      d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  </svg>
);

/** A player on or off the watch list, as a pressed or unpressed star. */
export function WatchToggle({ player, editable }: WatchToggleProps) {
  const { t } = useTranslation();
  const change = useSetPlayerWatched();
  const watched = change.isPending ? !player.Watched : player.Watched;
  if (!editable) {
    return watched ? (
      <span className="watch-mark" role="img" aria-label={t('players.flagWatched')}>
        <Star filled />
      </span>
    ) : null;
  }
  const toggle = () =>
    change.mutate(
      { idPlayer: player.IdPlayer, watched: !player.Watched },
      {
        onSuccess: (r) =>
          toast.success(
            t(r.Watched ? 'players.watchedNow' : 'players.unwatchedNow', { player: player.Player }),
          ),
      },
    );
  return (
    <button
      type="button"
      className="watch-toggle"
      aria-pressed={watched}
      aria-label={t('players.watch', { player: player.Player })}
      title={t(watched ? 'players.unwatch' : 'players.watch', { player: player.Player })}
      disabled={change.isPending}
      onClick={toggle}
    >
      <Star filled={watched} />
    </button>
  );
}
