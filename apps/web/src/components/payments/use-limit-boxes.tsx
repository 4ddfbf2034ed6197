// The one way a form holds amounts a person sets as limits (a credit limit, a cap, a maximum):
// typed in the reader's notation, read strictly, an empty box being none of that kind.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { notationOf, parseAmount, type AmountResult } from '@/lib/amount-input';

type LimitResult = AmountResult | { ok: true; minor: null };

export function useLimitBoxes(
  initial: () => Record<string, string>,
  currency: string,
  locale: string,
) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(initial);
  const [tried, setTried] = useState(false);
  const notation = notationOf(locale);

  /** A box's amount: null when empty; otherwise a positive amount or the reason it is not one. */
  const amountOf = (name: string): LimitResult => {
    const text = texts[name] ?? '';
    return text.trim() === '' ? { ok: true, minor: null } : parseAmount(text, currency, locale);
  };
  /** The amount once every named box reads (null: empty); undefined when one does not. */
  const minorOf = (name: string): number | null => {
    const parsed = amountOf(name);
    return parsed.ok ? parsed.minor : null;
  };
  const errorOf = (name: string): string | undefined => {
    const parsed = amountOf(name);
    if (parsed.ok || !tried) return undefined;
    return t(`payments.amountErrors.${parsed.reason}`, {
      ...notation,
      text: (texts[name] ?? '').trim(),
    });
  };
  const set = (name: string, text: string) => setTexts((was) => ({ ...was, [name]: text }));
  const box = (name: string, label: string, hint?: ReactNode) => (
    <TextField
      key={name}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={texts[name] ?? ''}
      hint={hint}
      error={errorOf(name)}
      onChange={(e) => set(name, e.target.value)}
    />
  );
  return {
    texts,
    setTexts,
    set,
    box,
    amountOf,
    minorOf,
    tried,
    /** The form's submit: shows what is refused; true when every amount box named reads. */
    check: (names: readonly string[]) => {
      setTried(true);
      return names.every((n) => amountOf(n).ok);
    },
    reset: () => setTried(false),
  };
}
