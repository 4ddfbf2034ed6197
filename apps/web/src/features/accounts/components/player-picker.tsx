import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import { usePlayerSearch } from '../api/manage-passwords';
import { SearchBox } from '@/components/ui/text-field';

export interface PickedPlayer {
  Id: number;
  Login: string;
}

/** Finds a player of the subtree by login or name. */
export function PlayerPicker({
  value,
  onChange,
}: {
  value: PickedPlayer | null;
  onChange: (player: PickedPlayer) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const players = usePlayerSearch(search);

  return (
    <div>
      <SearchBox
        label={t('changeAgentPassword.findPlayer')}
        value={text}
        maxLength={64}
        onText={setText}
        aria-describedby={`${id}-result`}
      />
      <div id={`${id}-result`} role="status">
        {search.length < 2 ? (
          <p>{t('changeAgentPassword.typeTwo')}</p>
        ) : players.isPending ? (
          <p>{t('common.loading')}</p>
        ) : players.isError ? (
          <p className="alert alert--error">{errorMessage(players.error)}</p>
        ) : players.data.length === 0 ? (
          <p>{t('changeAgentPassword.noPlayers')}</p>
        ) : null}
      </div>
      {search.length >= 2 && players.data && players.data.length > 0 && (
        <ul className="account-list" aria-label={t('changeAgentPassword.players')}>
          {players.data.map((p) => (
            <li key={p.Id}>
              <button
                type="button"
                className="button"
                aria-pressed={value?.Id === p.Id}
                onClick={() => onChange({ Id: p.Id, Login: p.Login })}
              >
                {p.Login}
                {p.Name && p.Name !== p.Login ? ` · ${p.Name}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      {value && <p>{t('changeAgentPassword.chosenPlayer', { login: value.Login })}</p>}
    </div>
  );
}
