// A refusal in the reader's language: the server's code picks the text, its parameters fill it.
// A field is named by its label, and rights, results and methods by their translated names; the
// server's English message is never shown when a code came with it.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldName, MONEY_PARAMS, type ErrorBody } from '@backline/contract/core/endpoint';
import { ApiError, SERVER_ERROR, UnauthorizedError } from './api-client';
import { formatCount, useLocale } from './format';

/** The translation key of the label of a field the server names by its path (`Legs.0.Risk`). */
export function fieldLabelKey(path: string): string {
  return `fields.${fieldName(path) || 'unknown'}`;
}

/** Parameters whose values are names the interface translates, and where their words live. */
const NAMED: Record<string, (value: string) => string> = {
  right: (v) => `agentSignUps.rightNames.${v}`,
  result: (v) => `betResults.${v}`,
  method: (v) => `payments.methods.${v}`,
};

/** Parameters that are counts (written with the locale's grouping); ids and tickets stay as sent. */
const COUNTS = new Set(['seconds', 'tries', 'days', 'count', 'max', 'legs', 'given']);

export function refusalText(
  refusal: Pick<ErrorBody, 'Code' | 'Params'>,
  t: TFunction,
  locale: string,
): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(refusal.Params)) {
    const named = NAMED[name];
    if (name === 'field') {
      const key = fieldLabelKey(String(value));
      values.field = t(key, { defaultValue: t('fields.unknown') });
    } else if (named) values[name] = t(named(String(value)), { defaultValue: String(value) });
    else if (MONEY_PARAMS.includes(name))
      values[name] = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(
        Number(value) / 100,
      );
    else if (COUNTS.has(name) && typeof value === 'number')
      values[name] = formatCount(value, locale);
    else values[name] = String(value);
  }
  return t(`errors.codes.${refusal.Code}`, values);
}

/** The text to show for a failed call: the server's refusal worded here, or ours translated. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (error) => {
    if (error instanceof UnauthorizedError) return t('errors.unauthorized');
    if (error instanceof ApiError && error.refusal) return refusalText(error.refusal, t, locale);
    if (error instanceof ApiError && error.message !== SERVER_ERROR) return error.message;
    return t('errors.server');
  };
}
