// The log-in's second step with a passkey: one press asks the browser for the agent's passkey and
// finishes the log-in; a refusal says why (cancelled, the frame not allowed, or the server's word).
import type { LoginResponse } from '@backline/contract/calls/auth';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/states';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';
import { passkeySupport } from '../utils/support';
import { usePasskeyError } from '../utils/use-passkey-error';

interface PasskeySignInButtonProps {
  /** The second step's challenge from the password step. */
  challenge: string;
  /** Given the session the passkey opened (the caller stores it and moves on). */
  onSignedIn: (session: LoginResponse) => unknown;
}

export function PasskeySignInButton({ challenge, onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useTranslation();
  const signIn = useSignInWithPasskey(onSignedIn);
  const passkeyError = usePasskeyError();
  const support = passkeySupport('publickey-credentials-get');
  if (support !== 'ready') {
    return (
      <p className="alert alert--info" role="note">
        {t(support === 'unsupported' ? 'passkeys.unsupported' : 'passkeys.frameBlocked')}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(challenge)}
      >
        {signIn.isPending ? t('passkeys.signingIn') : t('passkeys.signIn')}
      </button>
      <ErrorAlert error={passkeyError(signIn.error)} />
    </>
  );
}
