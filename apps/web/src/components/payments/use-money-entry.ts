// The one way money typed by a person reaches a form's submit: parsed strictly in the reader's
// regional notation, then shown back for a confirm step before anything posts.
import { useState } from 'react';
import { parseAmount, type AmountResult } from '@/lib/amount-input';
import type { AmountFieldProps } from './amount-field';

export interface MoneyEntry {
  parsed: AmountResult;
  /** The props of the form's AmountField (but its id). */
  field: Omit<AmountFieldProps, 'id'>;
  /** The amount has been checked and the form shows the confirm step instead of its submit. */
  confirming: boolean;
  /**
   * The form's submit: shows the reasons a field is refused, and opens the confirm step when the
   * amount is valid and so is the rest of the form (`ready`).
   */
  review: (ready: boolean) => void;
  /** Back from the confirm step to the form, to change something. */
  edit: () => void;
}

/** `initial`: the text the field opens with (a figure to settle), typed as the reader would. */
export function useMoneyEntry(currency: string, locale: string, initial = ''): MoneyEntry {
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const parsed = parseAmount(text, currency, locale);
  return {
    parsed,
    field: {
      value: text,
      onChange: (next) => {
        setText(next);
        setConfirming(false);
      },
      currency,
      locale,
      parsed,
      showError: tried || (text !== '' && !parsed.ok && parsed.reason !== 'empty'),
    },
    confirming: confirming && parsed.ok,
    review: (ready) => {
      setTried(true);
      setConfirming(ready && parsed.ok);
    },
    edit: () => setConfirming(false),
  };
}
