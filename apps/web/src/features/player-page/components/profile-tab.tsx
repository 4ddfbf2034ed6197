import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useSetPlayerProfile } from '../api/player-page';
import { SaveFooter } from './form-parts';

// How to reach the player: the fields beside the name, alike but for their kind and length.
const CONTACTS = [
  { key: 'email', type: 'email', maxLength: 254 },
  { key: 'phone', type: 'tel', maxLength: 40 },
] as const;

/** Who the player is and how to reach them, with the agent's own notes. */
export function ProfileTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const mayEdit = useAgentStore((s) => s.rights.includes('managePlayers'));
  const [draft, setDraft] = useState({
    name: player.Name,
    email: player.Email ?? '',
    phone: player.Phone,
    notes: player.Notes,
  });
  const [tried, setTried] = useState(false);
  const save = useSetPlayerProfile();
  const nameMissing = draft.name.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameMissing || save.isPending) return;
    save.mutate(
      { idPlayer: player.IdPlayer, ...draft },
      { onSuccess: (p) => toast.success(t('player.profile.saved', { player: p.Player })) },
    );
  };
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft((was) => ({ ...was, [key]: e.target.value }));
  return (
    <form className="player-form" onSubmit={submit} noValidate>
      <fieldset disabled={!mayEdit} className="player-form__fields">
        <TextField
          label={t('fields.name')}
          value={draft.name}
          maxLength={100}
          required
          autoComplete="off"
          error={tried && nameMissing ? t('player.profile.nameRequired') : undefined}
          onChange={set('name')}
        />
        {CONTACTS.map(({ key, type, maxLength }) => (
          <TextField
            key={key}
            label={t(`fields.${key}`)}
            type={type}
            value={draft[key]}
            maxLength={maxLength}
            autoComplete="off"
            onChange={set(key)}
          />
        ))}
        <TextAreaField
          label={t('fields.notes')}
          hint={t('player.profile.notesHint')}
          value={draft.notes}
          maxLength={2000}
          onChange={set('notes')}
        />
      </fieldset>
      <SaveFooter mayEdit={mayEdit} label={t('player.profile.save')} mutation={save} />
    </form>
  );
}
