import type { PlayerStandingResponse } from '@backline/contract/reports/player-standing';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { useCurrencies } from './get-currency';
import './conversion-note.css';

// Rates are exact decimal strings; Intl formats a string without passing it through a float.
function formatRate(rate: string, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 12 }).format(
    rate as unknown as number,
  );
}

interface ConversionNoteProps {
  conversion: PlayerStandingResponse['Conversion'];
  /**
   * converted: every amount shown is in the one currency; ranked: rows keep their own currencies
   * and were only ordered by their amounts in the one currency.
   */
  kind?: 'converted' | 'ranked';
}

/** Says which currency a converted report is in and the exact rates it used (GetCurrency names them). */
export function ConversionNote({ conversion, kind = 'converted' }: ConversionNoteProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const currencies = useCurrencies();
  if (!conversion) return null;
  const name = currencies.data?.find((c) => c.Code === conversion.Currency)?.Name;
  const rates = conversion.Rates.filter((r) => r.Currency !== conversion.Currency);
  return (
    <p className="conversion-note" role="note">
      <span>
        {t(kind === 'ranked' ? 'currency.rankedIn' : 'currency.convertedInto', {
          currency: name ? `${conversion.Currency} (${name})` : conversion.Currency,
        })}
      </span>
      {rates.length > 0 ? (
        <span>
          {t('currency.ratesUsed')}{' '}
          {rates.map((r, i) => (
            <span key={r.Currency} className="conversion-note__rate">
              {i > 0 && ', '}1 {r.Currency} = {formatRate(r.Rate, locale)} {conversion.Currency}
            </span>
          ))}
        </span>
      ) : (
        <span>{t('currency.noRates')}</span>
      )}
    </p>
  );
}
