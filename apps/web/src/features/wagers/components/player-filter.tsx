import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchPlayers } from '@/components/player-picker/search-players';

interface PlayerFilterProps {
  idPlayer: number | undefined;
  /** The chosen player's login, when known (a reload only has the id). */
  login: string | undefined;
  onChange: (player: { id: number; login: string } | undefined) => void;
}

const fold = (s: string) => s.trim().toLocaleLowerCase();
// Suggestions start at two characters, and a datalist longer than this helps nobody.
const MIN_SEARCH = 2;
const SUGGESTED = 100;

/**
 * A player search over the subtree: typing suggests logins (a native datalist, so phones and
 * screen readers get their own picker); the filter applies once the text is one player's login.
 */
export function PlayerFilter({ idPlayer, login, onChange }: PlayerFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(login ?? (idPlayer ? `#${idPlayer}` : ''));
  const search = useDeferredValue(text.trim());
  const found = useSearchPlayers(
    search.length < MIN_SEARCH || search.startsWith('#') ? '' : search,
  );
  const options = found.data ?? [];
  const match = options.find((o) => fold(o.Player) === fold(text));

  // Suggestions arrive after the typing: a login typed in full applies when they do.
  useEffect(() => {
    if (match && match.IdPlayer !== idPlayer) onChange({ id: match.IdPlayer, login: match.Player });
  }, [match, idPlayer, onChange]);

  const pending = text.trim() !== '' && !match && !text.startsWith('#');
  return (
    <div className="field">
      <label htmlFor={id}>{t('wagers.filters.player')}</label>
      <input
        id={id}
        type="search"
        list={`${id}-list`}
        value={text}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('wagers.filters.playerPlaceholder')}
        aria-describedby={pending ? `${id}-hint` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '' && idPlayer !== undefined) onChange(undefined);
        }}
      />
      <datalist id={`${id}-list`}>
        {options.slice(0, SUGGESTED).map((o) => (
          <option key={o.IdPlayer} value={o.Player}>
            {o.Name}
          </option>
        ))}
      </datalist>
      {pending && (
        <p id={`${id}-hint`} className="field__hint">
          {found.isFetching ? t('wagers.filters.playerSearching') : t('wagers.filters.playerPick')}
        </p>
      )}
    </div>
  );
}
