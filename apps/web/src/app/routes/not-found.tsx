import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/ui/error-screen';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return <ErrorScreen heading={t('errors.notFoundHeading')} text={t('errors.notFoundText')} />;
}
