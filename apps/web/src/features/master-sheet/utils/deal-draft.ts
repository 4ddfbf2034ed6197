// A deal's terms as a person types them: percents and the head fee in the reader's regional
// notation ("25,5" in es-ES), read strictly with the app's amount parsing, never guessed.
import type { DealKind, DealTerms } from '@backline/contract/reports/master-sheet';
import { parseMajor } from '@backline/contract/core/money';
import {
  amountInputText,
  normalizeAmount,
  parseAmount,
  type AmountError,
} from '@/lib/amount-input';

export interface DealDraft {
  kind: DealKind;
  percent: string;
  /** Blank: at the sports percent. */
  casino: string;
  horses: string;
  redFigure: boolean;
  /** Blank: no fee. */
  headFee: string;
}

export type PercentError = 'required' | 'notation' | 'range' | 'decimals';
export interface DraftErrors {
  percent?: PercentError;
  casino?: PercentError;
  horses?: PercentError;
  headFee?: AmountError | 'tooLarge';
}

export type DraftResult = { ok: true; terms: DealTerms } | { ok: false; errors: DraftErrors };

const MAX_HEAD_FEE = 100_000_00;

export function blankDraft(): DealDraft {
  return { kind: 'commission', percent: '', casino: '', horses: '', redFigure: false, headFee: '' };
}

/** The form's start from terms already set (or the blank form). */
export function draftOf(terms: DealTerms | null, currency: string, locale: string): DealDraft {
  if (!terms) return blankDraft();
  const percent = (p: number | null) =>
    p === null
      ? ''
      : new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(p);
  return {
    kind: terms.Kind,
    percent: percent(terms.Percent),
    casino: percent(terms.CasinoPercent),
    horses: percent(terms.HorsesPercent),
    redFigure: terms.RedFigure,
    headFee: terms.HeadFee === 0 ? '' : amountInputText(terms.HeadFee, currency, locale),
  };
}

/** A percent typed in the locale: 0 to 100 with at most two decimals. */
export function parsePercent(text: string, locale: string): number | PercentError {
  if (text.trim() === '') return 'required';
  const plain = normalizeAmount(text.replace(/%\s*$/u, ''), locale);
  if (plain === null || plain.startsWith('-')) return plain === null ? 'notation' : 'range';
  const [, decimals = ''] = plain.split('.');
  if (decimals.length > 2) return 'decimals';
  const value = Number(plain);
  return value > 100 ? 'range' : value;
}

function parseHeadFee(text: string, currency: string, locale: string) {
  if (text.trim() === '') return 0;
  const parsed = parseAmount(text, currency, locale);
  if (parsed.ok) return parsed.minor > MAX_HEAD_FEE ? 'tooLarge' : parsed.minor;
  // parseAmount asks for more than zero (a payment's rule); a fee of zero is no fee.
  const plain = parsed.reason === 'notPositive' ? normalizeAmount(text, locale) : null;
  return plain !== null && parseMajor(plain.replace(/^-/, ''), currency) === 0 ? 0 : parsed.reason;
}

export function parseDraft(draft: DealDraft, currency: string, locale: string): DraftResult {
  const errors: DraftErrors = {};
  const percent = parsePercent(draft.percent, locale);
  const own = (text: string) => (text.trim() === '' ? null : parsePercent(text, locale));
  const casino = own(draft.casino);
  const horses = own(draft.horses);
  const headFee = parseHeadFee(draft.headFee, currency, locale);
  if (typeof percent === 'string') errors.percent = percent;
  if (typeof casino === 'string') errors.casino = casino;
  if (typeof horses === 'string') errors.horses = horses;
  if (typeof headFee === 'string') errors.headFee = headFee;
  if (
    typeof percent === 'string' ||
    typeof casino === 'string' ||
    typeof horses === 'string' ||
    typeof headFee === 'string'
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    terms: {
      Kind: draft.kind,
      Percent: percent,
      CasinoPercent: casino,
      HorsesPercent: horses,
      RedFigure: draft.redFigure,
      HeadFee: headFee,
    },
  };
}
