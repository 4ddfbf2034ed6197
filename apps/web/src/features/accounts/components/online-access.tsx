import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
import { toast } from '@/stores/toast-store';
import { useOnlineStatus, useSendAccessLink } from '../api/manage-passwords';

/** Whether a sub-agent can sign in, and the button that e-mails it a one-time link. */
export function OnlineAccess({ idAgent }: { idAgent: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const status = useOnlineStatus(idAgent);
  const send = useSendAccessLink();

  if (status.isPending) return <p role="status">{t('common.loading')}</p>;
  if (status.isError)
    return (
      <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
    );
  const { HasOnlineAccess, Email, Login } = status.data;
  return (
    <div className="online-access">
      <p role="status">
        {HasOnlineAccess
          ? t('changeAgentPassword.hasAccess', { login: Login })
          : t('changeAgentPassword.noAccess', { login: Login })}
      </p>
      {Email && (
        <button
          type="button"
          className="button"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(Email, {
              onSuccess: () => toast.success(t('changeAgentPassword.linkSent', { email: Email })),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {t('changeAgentPassword.sendLink')}
        </button>
      )}
    </div>
  );
}
