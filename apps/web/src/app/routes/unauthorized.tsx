import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/ui/error-screen';

export default function UnauthorizedRoute() {
  const { t } = useTranslation();
  return (
    <ErrorScreen heading={t('errors.unauthorizedHeading')} text={t('errors.unauthorizedText')} />
  );
}
