import { Link } from 'react-router';
import { paths } from '@/config/paths';
import './player-link.css';

export function playerHistoryUrl(idPlayer: number): string {
  return `${paths.playerHistory}?${new URLSearchParams({ idPlayer: String(idPlayer) })}`;
}

interface PlayerLinkProps {
  idPlayer: number;
  login: string;
  name?: string;
}

/** A player's login (and name) in any report, leading to that player's history. */
export function PlayerLink({ idPlayer, login, name }: PlayerLinkProps) {
  return (
    <Link className="player-link" to={playerHistoryUrl(idPlayer)}>
      <span className="player__login">{login}</span>
      {name && name !== login && <span className="player__name">{name}</span>}
    </Link>
  );
}
