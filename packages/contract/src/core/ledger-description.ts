// What a ledger line says, as a code and parameters: the web app words it in the reader's language
// (ledger.descriptions.<code>), an export in the file's. The English wording of each code is here,
// so the list of codes is this table's keys; lines posted before codes existed keep their text.
import { z } from 'zod';

/** English wording of each code; `{{name}}` is a parameter. */
export const LEDGER_DESCRIPTIONS = {
  wager_graded: 'Wager {{ticket}} {{result}}',
  wager_regraded: 'Wager {{ticket}} regraded {{from}} to {{to}}',
  wager_deleted: 'Wager {{ticket}} deleted: {{reason}}',
  free_play_wager_placed: 'Free-play wager {{ticket}} placed',
  free_play_returned: 'Free play returned: wager {{ticket}} {{result}}',
  free_play_taken: 'Free play taken: wager {{ticket}} {{result}}',
  free_play_returned_regraded: 'Free play returned: wager {{ticket}} regraded {{from}} to {{to}}',
  free_play_taken_regraded: 'Free play taken: wager {{ticket}} regraded {{from}} to {{to}}',
  payment_receipt: 'Receipt ({{method}})',
  payment_receipt_note: 'Receipt ({{method}}): {{note}}',
  payment_disbursement: 'Disbursement ({{method}})',
  payment_disbursement_note: 'Disbursement ({{method}}): {{note}}',
  free_play_promotion: 'Free play credit: weekly promotion',
  adjustment: 'Adjustment: {{reason}}',
  product_result: '{{product}} net result',
  free_play_granted: 'Free play credit',
  free_play_grant: 'Free play granted: {{reason}}',
  free_play_removal: 'Free play removed: {{reason}}',
} as const satisfies Record<string, string>;

export type LedgerDescriptionCode = keyof typeof LEDGER_DESCRIPTIONS;

/** The one list of codes: the web app's translations are checked against it. */
export const LEDGER_DESCRIPTION_CODES = Object.keys(LEDGER_DESCRIPTIONS) as LedgerDescriptionCode[];

/**
 * Parameters the reader's language names: a result (betResults), a payment method
 * (payments.methods) or a product (transactionTypes). Tickets, notes and reasons stay as written.
 */
export const TRANSLATED_LEDGER_PARAMS = {
  result: 'betResults',
  from: 'betResults',
  to: 'betResults',
  method: 'payments.methods',
  product: 'transactionTypes',
} as const;

/** What a line says, as posted: a code and its parameters. */
export interface LedgerDescription {
  Code: LedgerDescriptionCode;
  Params: Record<string, string>;
}

/**
 * A ledger line's description as the API answers it beside the English `Description`: its code
 * (null on a line posted before codes, which shows its `Description`) and parameters.
 */
export const LedgerLineDescription = {
  DescriptionCode: z.enum(LEDGER_DESCRIPTION_CODES).nullable(),
  DescriptionParams: z.record(z.string(), z.string()),
};

const ENGLISH_PRODUCTS: Record<string, string> = { casino: 'Casino', horses: 'Horses', rbl: 'RBL' };

/** The English words of a description: what the `description` column holds for every reader. */
export function ledgerDescriptionText(
  d: LedgerDescription,
  names: (param: keyof typeof TRANSLATED_LEDGER_PARAMS, value: string) => string = (param, v) =>
    param === 'product' ? (ENGLISH_PRODUCTS[v] ?? v) : v,
  template: string = LEDGER_DESCRIPTIONS[d.Code],
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = d.Params[name] ?? '';
    return name in TRANSLATED_LEDGER_PARAMS
      ? names(name as keyof typeof TRANSLATED_LEDGER_PARAMS, value)
      : value;
  });
}

/** The description of a payment: receipt or disbursement, by method, with its note if any. */
export function paymentLedgerDescription(
  amount: number,
  method: string,
  note: string,
): LedgerDescription {
  const kind = amount > 0 ? 'payment_receipt' : 'payment_disbursement';
  return note
    ? { Code: `${kind}_note`, Params: { method, note } }
    : { Code: kind, Params: { method } };
}
