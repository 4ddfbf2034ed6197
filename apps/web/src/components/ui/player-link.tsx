import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './player-link.css';

export function playerHistoryUrl(idPlayer: number): string {
  return `${paths.playerHistory}?${new URLSearchParams({ idPlayer: String(idPlayer) })}`;
}

/** A player's own page, where an agent runs the player (issue 17). */
export function playerPageUrl(idPlayer: number): string {
  return `${paths.player}?${new URLSearchParams({ idPlayer: String(idPlayer) })}`;
}

interface PlayerLinkProps {
  idPlayer: number;
  login: string;
  name?: string;
  /** Where it leads: the player's history (in a report), or the player's own page. */
  to?: 'history' | 'page';
}

/** A player's login (and name) in any report, leading to that player's history or page. */
export function PlayerLink({ idPlayer, login, name, to = 'history' }: PlayerLinkProps) {
  return (
    <Link
      className="player-link"
      to={to === 'page' ? playerPageUrl(idPlayer) : playerHistoryUrl(idPlayer)}
    >
      <span className="player__login">{login}</span>
      {name && name !== login && <span className="player__name">{name}</span>}
    </Link>
  );
}
