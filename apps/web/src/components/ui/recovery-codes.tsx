// Recovery codes are answered once, by the call that made them: shown here with copy and download,
// and never again (the server keeps only their hashes).
import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopy } from './copy-status';
import './authenticator.css';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** Who they are for, in the downloaded file's name and first line. */
  account: string;
}

export function RecoveryCodes({ codes, account }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const text = `${t('secondStep.codesFileTitle', { account })}\n\n${codes.join('\n')}\n`;
  const { copied, copy } = useCopy(text);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `backline-recovery-codes-${account}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="recovery-codes">
      <p className="alert alert--info">{t('secondStep.codesOnce')}</p>
      <ol className="recovery-codes__list" aria-label={t('secondStep.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <CopyStatus copied={copied} prefix="secondStep" className="recovery-codes__copied" />
      <div className="recovery-codes__actions">
        <button type="button" className="button" onClick={copy}>
          {t('secondStep.copyCodes')}
        </button>
        <button type="button" className="button" onClick={download}>
          {t('secondStep.downloadCodes')}
        </button>
      </div>
    </div>
  );
}
