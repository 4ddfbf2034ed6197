import { formatMoney } from '@backline/contract/core/money';
import type { ReactNode } from 'react';

export type Tone = 'negative' | 'positive' | 'zero';

export function toneOf(minor: number): Tone {
  return minor < 0 ? 'negative' : minor > 0 ? 'positive' : 'zero';
}

interface MoneyProps {
  minor: number;
  currency: string;
  locale: string;
  /** For amounts that are not a win or a loss (a credit limit, an amount at risk): no colour. */
  neutral?: boolean;
}

/** An amount in minor units, formatted for the locale and coloured by sign. */
export function Money({ minor, currency, locale, neutral }: MoneyProps) {
  return (
    <span className={`money money--${neutral ? 'neutral' : toneOf(minor)}`}>
      {formatMoney(minor, currency, locale)}
    </span>
  );
}

interface MoneyCellProps extends MoneyProps {
  /** Replaces the plain amount, e.g. with a button that opens the amount's detail. */
  children?: ReactNode;
  className?: string;
}

export function MoneyCell(props: MoneyCellProps) {
  const { minor, currency, locale, neutral, children, className } = props;
  return (
    <td className={`num${className ? ` ${className}` : ''}`}>
      {children ?? <Money minor={minor} currency={currency} locale={locale} neutral={neutral} />}
    </td>
  );
}
