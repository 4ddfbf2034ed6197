import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

/** What is wrong with a new password before the server is asked, or null. */
export function passwordProblem(password: string, confirm: string, t: TFunction): string | null {
  if (password.length < MIN_PASSWORD) return t('accounts.tooShort', { count: MIN_PASSWORD });
  if (password.length > MAX_PASSWORD) return t('accounts.tooLong', { count: MAX_PASSWORD });
  if (password !== confirm) return t('accounts.mismatch');
  return null;
}

/** New password and its confirmation; the form reads them by name (newPassword, confirmPassword). */
export function PasswordFields() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-new`}>{t('accounts.newPassword')}</label>
        <input
          id={`${id}-new`}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          maxLength={MAX_PASSWORD}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('accounts.passwordHint', { count: MIN_PASSWORD })}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`}>{t('accounts.confirmPassword')}</label>
        <input
          id={`${id}-confirm`}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={MAX_PASSWORD}
        />
      </div>
    </>
  );
}
