// A new authenticator key as an app takes it: a QR code to scan, the key to type by hand (in groups
// of four), and the otpauth address itself for apps that take a link.
import { useTranslation } from 'react-i18next';
import { QrCode } from './qr-code';
import './authenticator.css';

interface AuthenticatorKeyProps {
  secret: string;
  uri: string;
}

export function AuthenticatorKey({ secret, uri }: AuthenticatorKeyProps) {
  const { t } = useTranslation();
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <div className="authenticator-key">
      <QrCode text={uri} label={t('secondStep.qrLabel')} />
      <div className="authenticator-key__text">
        <p>{t('secondStep.scan')}</p>
        <p className="authenticator-key__label">{t('secondStep.keyByHand')}</p>
        <code className="authenticator-key__secret" data-testid="totp-secret" data-secret={secret}>
          {grouped}
        </code>
        <details className="authenticator-key__uri">
          <summary>{t('secondStep.showUri')}</summary>
          <code>{uri}</code>
        </details>
      </div>
    </div>
  );
}
