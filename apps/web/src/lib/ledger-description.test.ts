import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LEDGER_DESCRIPTION_CODES,
  LEDGER_DESCRIPTIONS,
} from '@backline/contract/core/ledger-description';
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';
import { spanishT } from '@/testing/spanish';
import { ledgerLineText } from './ledger-description';

const placeholders = (s: string) => new Set([...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!));

describe('ledger descriptions', () => {
  it.each([
    ['en', en.ledger.descriptions],
    ['es', es.ledger.descriptions],
  ])('word every code in %s with only the parameters a line carries', (_, texts) => {
    expect(Object.keys(texts).sort()).toEqual([...LEDGER_DESCRIPTION_CODES].sort());
    for (const code of LEDGER_DESCRIPTION_CODES) {
      const words = (texts as Record<string, string>)[code]!;
      expect(words.trim(), code).toBeTruthy();
      expect(placeholders(words), code).toEqual(placeholders(LEDGER_DESCRIPTIONS[code]));
    }
  });

  describe('in Spanish', () => {
    let t: TFunction;
    beforeAll(async () => {
      t = await spanishT();
    });

    it('translates results, methods and products, and keeps tickets and notes', () => {
      const line = (DescriptionCode: (typeof LEDGER_DESCRIPTION_CODES)[number], params = {}) => ({
        Description: 'stored words',
        DescriptionCode,
        DescriptionParams: params,
      });
      expect(
        ledgerLineText(line('wager_graded', { ticket: 'W000008092', result: 'loss' }), t),
      ).toBe('Apuesta W000008092: Perdida');
      expect(
        ledgerLineText(line('wager_regraded', { ticket: 'W1', from: 'win', to: 'push' }), t),
      ).toBe('Apuesta W1 recalificada de Ganada a Empate');
      expect(ledgerLineText(line('product_result', { product: 'casino' }), t)).toBe(
        'Resultado neto de Casino',
      );
      expect(
        ledgerLineText(line('payment_disbursement_note', { method: 'cash', note: 'Paid out' }), t),
      ).toBe('Pago (Efectivo): Paid out');
    });

    it('shows a line posted before codes with its stored words', () => {
      const old = { Description: 'Wager W1 win', DescriptionCode: null, DescriptionParams: {} };
      expect(ledgerLineText(old, t)).toBe('Wager W1 win');
    });
  });
});
