// The sheet's figures in words: a deal's terms on one line, who owes whom, and the make-up.
import type { DealTerms, SheetMakeup } from '@backline/contract/reports/master-sheet';
import { formatMoney, type Money } from '@backline/contract/core/money';
import type { TFunction } from 'i18next';

/** 25 → "25%", 25.5 → "25.5%" in the locale's notation. */
export function percentText(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

/** "Commission 25% · casino 30% · red figure · $5.00 a head", or "No deal". */
export function dealSummary(
  deal: DealTerms | null,
  t: TFunction,
  currency: string,
  locale: string,
): string {
  if (!deal) return t('masterSheet.deal.none');
  const parts = [
    t(`masterSheet.deal.kinds.${deal.Kind}`, { percent: percentText(deal.Percent, locale) }),
  ];
  if (deal.CasinoPercent !== null) {
    parts.push(
      t('masterSheet.deal.casinoAt', { percent: percentText(deal.CasinoPercent, locale) }),
    );
  }
  if (deal.HorsesPercent !== null) {
    parts.push(
      t('masterSheet.deal.horsesAt', { percent: percentText(deal.HorsesPercent, locale) }),
    );
  }
  if (deal.RedFigure) parts.push(t('masterSheet.deal.redFigure'));
  if (deal.HeadFee > 0) {
    parts.push(
      t('masterSheet.deal.headFee', { amount: formatMoney(deal.HeadFee, currency, locale) }),
    );
  }
  return parts.join(' · ');
}

/**
 * Who owes whom, from the sheet's owner's side: a positive amount is owed by the row's agent to
 * the sheet's owner, who is the reader ("owes you") or an agent the reader opened ("owes AG1").
 */
export function owesWords(minor: Money, t: TFunction, owner: string | null): string {
  if (minor === 0) return t('masterSheet.owes.even');
  const way = minor > 0 ? 'toOwner' : 'fromOwner';
  return owner === null ? t(`masterSheet.owes.${way}You`) : t(`masterSheet.owes.${way}`, { owner });
}

/** "$120.00 → $80.00", or "—" when nothing is carried either side. */
export function makeupText(
  before: SheetMakeup,
  after: SheetMakeup,
  currency: string,
  locale: string,
): string {
  if (before.Total === 0 && after.Total === 0) return '—';
  return `${formatMoney(before.Total, currency, locale)} → ${formatMoney(after.Total, currency, locale)}`;
}
