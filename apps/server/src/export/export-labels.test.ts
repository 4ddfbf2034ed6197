import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_STATUSES,
  EXPORT_REPORTS,
  LANGUAGES,
  LEDGER_DESCRIPTION_CODES,
  type LedgerDescriptionCode,
  PAYMENT_METHODS,
  SHOWN_RESULTS,
  SPORTS,
  TRANSACTION_TYPES,
  WAGER_TYPES,
} from '@backline/contract';
import { LABELS, ledgerLineText, type Labels } from './export-labels.ts';

type Tree = { [key: string]: string | Tree };
const web = (language: string): Tree =>
  JSON.parse(
    readFileSync(
      new URL(`../../../web/public/assets/i18n/${language}.json`, import.meta.url),
      'utf8',
    ),
  ) as Tree;

function leaves(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

describe('export labels', () => {
  it('word every key in every language, none left empty', () => {
    const keys = leaves(LABELS.en).sort();
    for (const language of LANGUAGES) {
      expect(leaves(LABELS[language]).sort(), language).toEqual(keys);
      for (const key of keys) {
        const value = key
          .split(/\.|\[|\]\.?/)
          .filter(Boolean)
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], LABELS[language]);
        expect(String(value).trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('name every report and every value of the contract\u2019s enumerations', () => {
    for (const language of LANGUAGES) {
      const l: Labels = LABELS[language];
      expect(Object.keys(l.reports).sort()).toEqual([...EXPORT_REPORTS].sort());
      expect(Object.keys(l.sports).sort()).toEqual([...SPORTS].sort());
      expect(Object.keys(l.wagerTypes).sort()).toEqual([...WAGER_TYPES].sort());
      expect(Object.keys(l.betResults).sort()).toEqual([...SHOWN_RESULTS].sort());
      expect(Object.keys(l.changeStatuses).sort()).toEqual([...CHANGE_STATUSES].sort());
      expect(Object.keys(l.methods).sort()).toEqual([...PAYMENT_METHODS].sort());
      expect(Object.keys(l.transactionTypes).sort()).toEqual(
        TRANSACTION_TYPES.filter((t) => t.Value !== -1)
          .map((t) => t.Description)
          .sort(),
      );
    }
  });

  it('read as the web app does for types, sports, results, changes and methods', () => {
    for (const language of LANGUAGES) {
      const l = LABELS[language];
      const w = web(language);
      expect(l.sports, language).toEqual(w.sports);
      expect(l.wagerTypes, language).toEqual(w.wagerTypes);
      expect(l.betResults, language).toEqual(w.betResults);
      expect(l.changeStatuses, language).toEqual(w.changeStatuses);
      expect(l.methods, language).toEqual((w.payments as Tree).methods);
      expect(l.directions, language).toEqual({
        ...((w.playerPayment as Tree).directions as Tree),
        ...((w.agentPayments as Tree).directions as Tree),
      });
      const { all: _all, ...types } = w.transactionTypes as Tree;
      expect(l.transactionTypes, language).toEqual(types);
      expect(l.ledgerDescriptions, language).toEqual((w.ledger as Tree).descriptions);
    }
  });

  it('word every ledger description code, the way the web app does', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(LABELS[language].ledgerDescriptions).sort(), language).toEqual(
        [...LEDGER_DESCRIPTION_CODES].sort(),
      );
    }
    const line = (DescriptionCode: LedgerDescriptionCode, DescriptionParams = {}) =>
      ({ Description: 'stored words', DescriptionCode, DescriptionParams }) as const;
    expect(
      ledgerLineText(LABELS.es, line('wager_graded', { ticket: 'W000000042', result: 'loss' })),
    ).toBe('Apuesta W000000042: Perdida');
    expect(ledgerLineText(LABELS.es, line('product_result', { product: 'casino' }))).toBe(
      'Resultado neto de Casino',
    );
    expect(
      ledgerLineText(LABELS.en, line('payment_receipt_note', { method: 'bank', note: 'Paid' })),
    ).toBe('Receipt (Bank transfer): Paid');
    // A line posted before codes keeps its stored words.
    expect(
      ledgerLineText(LABELS.es, {
        Description: 'Wager W1 win',
        DescriptionCode: null,
        DescriptionParams: {},
      }),
    ).toBe('Wager W1 win');
  });
});
