import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { Sessions } from '@/features/sessions';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SessionsRoute() {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  useDocumentTitle(t('sessions.title'));
  return (
    <Sessions
      onEndThis={() => void logout().finally(() => void navigate(paths.login, { replace: true }))}
    />
  );
}
