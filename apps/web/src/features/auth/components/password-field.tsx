import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';

/** The account's password, as signing in (and signing in again after idling) asks it. */
export function PasswordField({ autoFocus }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.password')}
      name="password"
      type="password"
      autoComplete="current-password"
      required
      maxLength={256}
      autoFocus={autoFocus}
    />
  );
}
