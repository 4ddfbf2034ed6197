// A secret is answered once, by the call that made it: this dialog is the only time it is shown.
import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopy } from '@/components/ui/copy-status';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';

interface SecretNoticeProps {
  title: string;
  /** What the platform sends beside the secret (a key's id), if anything. */
  keyId?: string;
  secret: string;
  onDone: () => void;
}

export function SecretNotice({ title, keyId, secret, onDone }: SecretNoticeProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(secret);
  return (
    <Dialog title={title} onClose={onDone} className="integration__dialog">
      <p className="alert alert--info">{t('integration.secretOnce')}</p>
      {keyId && (
        <TextField
          label={t('integration.keyId')}
          readOnly
          value={keyId}
          onFocus={(e) => e.target.select()}
        />
      )}
      <TextField
        label={t('integration.secret')}
        className="integration__secret"
        readOnly
        value={secret}
        autoComplete="off"
        spellCheck={false}
        onFocus={(e) => e.target.select()}
      />
      <CopyStatus copied={copied} prefix="integration" className="integration__copied" />
      <div className="integration__actions">
        <button type="button" className="button" onClick={copy}>
          {t('integration.copy')}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('integration.stored')}
        </button>
      </div>
    </Dialog>
  );
}
