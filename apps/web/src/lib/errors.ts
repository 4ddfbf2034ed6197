import { useTranslation } from 'react-i18next';
import { ApiError, SERVER_ERROR, UnauthorizedError } from './api-client';

/** The text to show for a failed call: the server's own message, or ours translated. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof UnauthorizedError) return t('errors.unauthorized');
    if (error instanceof ApiError && error.message !== SERVER_ERROR) return error.message;
    return t('errors.server');
  };
}
