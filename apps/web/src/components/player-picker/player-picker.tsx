import type { PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
import { SearchBox } from '@/components/ui/text-field';
import { useErrorMessage } from '@/lib/errors';
import { useLocale } from '@/lib/format';
import { useSearchPlayers } from './search-players';
import './player-picker.css';

// A long list helps nobody pick one player; the agent types more instead.
const SHOWN = 12;
const TYPING_PAUSE_MS = 250;

interface PlayerPickerProps {
  label: string;
  onPick: (player: PlayerStandingRow) => void;
  autoFocus?: boolean;
  /** Where the pick stays on screen beside the list: the player picked, whose button is pressed. */
  chosen?: number;
}

/** Finds a player of the subtree by login or name; each match is a button showing its balance. */
export function PlayerPicker({ label, onPick, autoFocus, chosen }: PlayerPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const query = useSearchPlayers(useDeferredValue(search));
  const matches = search ? (query.data ?? []) : [];

  return (
    <div className="player-picker">
      <SearchBox
        label={label}
        value={text}
        maxLength={64}
        autoFocus={autoFocus}
        placeholder={t('playerPicker.placeholder')}
        aria-describedby={`${id}-status`}
        onText={setText}
      />
      <p id={`${id}-status`} className="player-picker__status" role="status">
        {!search
          ? t('playerPicker.hint')
          : query.isError
            ? errorMessage(query.error)
            : query.isFetching && !query.data
              ? t('playerPicker.searching')
              : matches.length === 0
                ? t('playerPicker.none', { search })
                : matches.length > SHOWN
                  ? t('playerPicker.many', { count: matches.length, shown: SHOWN })
                  : t('playerPicker.found', { count: matches.length })}
      </p>
      {matches.length > 0 && (
        <ul className="player-picker__list" aria-label={t('playerPicker.results')}>
          {matches.slice(0, SHOWN).map((p) => (
            <li key={p.IdPlayer}>
              <button
                type="button"
                className="player-picker__option"
                aria-pressed={chosen === undefined ? undefined : chosen === p.IdPlayer}
                onClick={() => onPick(p)}
              >
                <span className="player-picker__who">
                  <span className="player__login">{p.Player}</span>
                  <span className="player__name">
                    {p.Name} · {p.Agent}
                  </span>
                </span>
                <span className="player-picker__balance">
                  <span className="visually-hidden">{t('playerStanding.columns.Balance')}: </span>
                  <Money minor={p.Balance} currency={p.Currency} locale={locale} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
