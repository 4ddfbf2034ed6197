// A failed passkey step in words: the browser's refusals of the ceremony here, the server's as
// every call's.
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import { ceremonyFailure } from './support';

export function usePasskeyError(): (error: unknown) => string | null {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (error) => {
    if (error === null || error === undefined) return null;
    const failure = ceremonyFailure(error);
    if (failure === 'frame-blocked') return t('passkeys.frameBlocked');
    if (failure === 'cancelled') {
      return window.self === window.top
        ? t('passkeys.cancelled')
        : `${t('passkeys.cancelled')} ${t('passkeys.frameHint')}`;
    }
    if (failure === 'already-registered') return t('passkeys.alreadyRegistered');
    return errorMessage(error);
  };
}
