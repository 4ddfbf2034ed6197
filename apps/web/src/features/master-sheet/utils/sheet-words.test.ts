import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/assets/i18n/en.json';
import { spanishT } from '@/testing/spanish';
import { dealSummary, makeupText, owesWords } from './sheet-words';

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: 'en', resources: { en: { translation: en } } }));

const deal = {
  Kind: 'commission' as const,
  Percent: 25,
  CasinoPercent: 30,
  HorsesPercent: null,
  RedFigure: true,
  HeadFee: 500,
};

describe('dealSummary', () => {
  it('says every term on one line, in the locale', async () => {
    expect(dealSummary(deal, i18n.t, 'USD', 'en-US')).toBe(
      'Commission 25% · casino 30% · red figure · $5.00 a head',
    );
    const spanish = dealSummary(
      { ...deal, Kind: 'split', Percent: 50.5 },
      await spanishT(),
      'USD',
      'es-ES',
    );
    // Intl separates the % and the currency sign with no-break spaces.
    expect(spanish.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Reparto 50,5 % · casino 30 % · cifra roja · 5,00 US$ por jugador',
    );
  });

  it('says when there is none', () => {
    expect(dealSummary(null, i18n.t, 'USD', 'en-US')).toBe('No deal');
  });
});

describe('owesWords', () => {
  it('says who owes whom from the sheet owner’s side', () => {
    expect(owesWords(1200, i18n.t, null)).toBe('owes you');
    expect(owesWords(-1200, i18n.t, null)).toBe('you owe');
    expect(owesWords(1200, i18n.t, 'AG1')).toBe('owes AG1');
    expect(owesWords(-1200, i18n.t, 'AG1')).toBe('AG1 owes');
    expect(owesWords(0, i18n.t, null)).toBe('even');
  });
});

describe('makeupText', () => {
  const makeup = (Total: number) => ({ Sports: Total, Casino: 0, Horses: 0, Total });
  it('shows the make-up before and after, or a dash when none is carried', () => {
    expect(makeupText(makeup(12000), makeup(0), 'USD', 'en-US')).toBe('$120.00 → $0.00');
    expect(makeupText(makeup(0), makeup(0), 'USD', 'en-US')).toBe('—');
  });
});
