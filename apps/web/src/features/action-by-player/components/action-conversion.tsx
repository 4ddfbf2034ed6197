import type { ActionByPlayerReport } from '../api/get-action-by-player';
import { useTranslation } from 'react-i18next';

type Conversion = NonNullable<ActionByPlayerReport['Conversion']>;

/** In one currency: which, and at what rates the others were converted. */
export function ActionConversion({ conversion }: { conversion: Conversion }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--info conversion" role="note">
      <p>
        {t('actionByPlayer.convertedTo', { currency: conversion.Currency })}{' '}
        {conversion.Rates.length > 0 ? (
          <span className="conversion__rates">
            {conversion.Rates.map((r) => (
              <span key={r.Currency} className="conversion__rate">
                {t('actionByPlayer.rate', {
                  from: r.Currency,
                  rate: r.Rate,
                  to: conversion.Currency,
                })}
              </span>
            ))}
          </span>
        ) : (
          t('actionByPlayer.noRates')
        )}
      </p>
    </div>
  );
}
