import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

/** What is wrong with a new password before the server is asked, or null. */
export function passwordProblem(password: string, confirm: string, t: TFunction): string | null {
  if (password.length < MIN_PASSWORD) return t('accounts.tooShort', { count: MIN_PASSWORD });
  if (password.length > MAX_PASSWORD) return t('accounts.tooLong', { count: MAX_PASSWORD });
  if (password !== confirm) return t('accounts.mismatch');
  return null;
}

/** The new password a form's PasswordFields hold, and what is wrong with it (null: nothing). */
export function newPasswordOf(form: HTMLFormElement, t: TFunction) {
  const data = new FormData(form);
  const password = String(data.get('newPassword') ?? '');
  return {
    password,
    problem: passwordProblem(password, String(data.get('confirmPassword') ?? ''), t),
  };
}

/** New password and its confirmation; the form reads them by name (newPassword, confirmPassword). */
export function PasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('accounts.newPassword')}
        hint={t('accounts.passwordHint', { count: MIN_PASSWORD })}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD}
        maxLength={MAX_PASSWORD}
      />
      <TextField
        label={t('accounts.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={MAX_PASSWORD}
      />
    </>
  );
}
