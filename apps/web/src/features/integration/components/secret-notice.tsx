// A secret is answered once, by the call that made it: this dialog is the only time it is shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = () =>
    navigator.clipboard
      .writeText(secret)
      .then(() => setCopied('yes'))
      // A frame without clipboard permission: the field is selected for the agent to copy.
      .catch(() => setCopied('no'));
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
      <p role="status" className="integration__copied">
        {copied === 'yes' && t('integration.copied')}
        {copied === 'no' && t('integration.copyByHand')}
      </p>
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
