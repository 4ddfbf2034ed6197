import { formatDecimal } from '@/lib/format';

/** A closing line value, signed and coloured: above zero the player beat the close. */
export function Clv({
  value,
  digits,
  locale,
}: {
  value: number | null;
  digits: number;
  locale: string;
}) {
  if (value === null) return <span className="money--zero">—</span>;
  const tone = value > 0 ? 'positive' : value < 0 ? 'negative' : 'zero';
  return <span className={`money money--${tone}`}>{formatDecimal(value, locale, digits)}</span>;
}
