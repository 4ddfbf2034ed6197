import { describe, expect, it } from 'vitest';
import { draftOf, parseDraft, parsePercent, type DealDraft } from './deal-draft';

const draft = (over: Partial<DealDraft>): DealDraft => ({
  kind: 'commission',
  percent: '25',
  casino: '',
  horses: '',
  redFigure: false,
  headFee: '',
  ...over,
});

describe('parsePercent', () => {
  it('reads the locale’s decimal mark and refuses the other one', () => {
    expect(parsePercent('25.5', 'en-US')).toBe(25.5);
    expect(parsePercent('25,5', 'es-ES')).toBe(25.5);
    expect(parsePercent('25,5', 'en-US')).toBe('notation');
    expect(parsePercent('25.5', 'es-ES')).toBe('notation');
  });

  it('takes 0 to 100 with two decimals at most', () => {
    expect(parsePercent('0', 'en-US')).toBe(0);
    expect(parsePercent('100 %', 'en-US')).toBe(100);
    expect(parsePercent('100.01', 'en-US')).toBe('range');
    expect(parsePercent('-5', 'en-US')).toBe('range');
    expect(parsePercent('12.345', 'en-US')).toBe('decimals');
    expect(parsePercent(' ', 'en-US')).toBe('required');
  });
});

describe('parseDraft', () => {
  it('makes the terms: blank casino and horses at the sports percent, blank fee none', () => {
    expect(parseDraft(draft({ redFigure: true }), 'USD', 'en-US')).toEqual({
      ok: true,
      terms: {
        Kind: 'commission',
        Percent: 25,
        CasinoPercent: null,
        HorsesPercent: null,
        RedFigure: true,
        HeadFee: 0,
      },
    });
  });

  it('reads the head fee strictly in the locale, zero as no fee', () => {
    const fee = (headFee: string, locale = 'en-US') =>
      parseDraft(draft({ headFee }), 'USD', locale);
    expect(fee('5.00')).toMatchObject({ ok: true, terms: { HeadFee: 500 } });
    expect(fee('1.234,50', 'es-ES')).toMatchObject({ ok: true, terms: { HeadFee: 123450 } });
    expect(fee('0')).toMatchObject({ ok: true, terms: { HeadFee: 0 } });
    expect(fee('12,50')).toEqual({ ok: false, errors: { headFee: 'notation' } });
    expect(fee('5.001')).toEqual({ ok: false, errors: { headFee: 'decimals' } });
    expect(fee('100,000.01')).toEqual({ ok: false, errors: { headFee: 'tooLarge' } });
  });

  it('names every field refused at once', () => {
    expect(parseDraft(draft({ percent: '', casino: '101', headFee: 'x' }), 'USD', 'en-US')).toEqual(
      {
        ok: false,
        errors: { percent: 'required', casino: 'range', headFee: 'invalid' },
      },
    );
  });

  it('opens on the terms in force, written back in the locale', () => {
    const terms = {
      Kind: 'split' as const,
      Percent: 50,
      CasinoPercent: 32.5,
      HorsesPercent: null,
      RedFigure: true,
      HeadFee: 123450,
    };
    const start = draftOf(terms, 'USD', 'es-ES');
    expect(start).toEqual({
      kind: 'split',
      percent: '50',
      casino: '32,5',
      horses: '',
      redFigure: true,
      headFee: '1234,50',
    });
    expect(parseDraft(start, 'USD', 'es-ES')).toEqual({ ok: true, terms });
  });
});
