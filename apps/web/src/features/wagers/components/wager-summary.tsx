import type { Wager } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
import { Term } from '@/components/ui/term';
import { formatDateTime } from '@/lib/format';
import { WagerState } from './wager-state';

// The stake and the payout are amounts at risk, not results: they are never coloured as a win or loss.
const MONEY_FACTS = [
  { key: 'risk', field: 'Risk', className: 'neutral' },
  { key: 'toWin', field: 'ToWin', className: 'neutral' },
  { key: 'amount', field: 'Amount', className: undefined },
] as const;

interface WagerSummaryProps {
  wager: Wager;
  locale: string;
  timeZone: string;
}

/** The facts of one wager as a definition list: who, what, when, and the money. */
export function WagerSummary({ wager: w, locale, timeZone }: WagerSummaryProps) {
  const { t } = useTranslation();
  const money = { currency: w.Currency, locale };
  return (
    <dl className="facts">
      <Term label={t('wagers.columns.ticket')} className="ticket">
        {w.Ticket}
      </Term>
      <Term label={t('wagers.columns.player')}>
        <span className="player__login">{w.Player}</span>
        <span className="cell-sub">
          {w.Name} · {w.Agent}
        </span>
      </Term>
      <Term label={t('wagers.columns.type')}>
        {t(`wagerTypes.${w.WagerType}`)} · {t(`sports.${w.Sport}`)}
        {w.FreePlay && <span className="tag">{t('wagers.freePlay')}</span>}
      </Term>
      <Term label={t('wagers.columns.status')}>
        <WagerState wager={w} />
      </Term>
      <Term label={t('wagers.columns.placedAt')}>
        {formatDateTime(w.PlacedAt, locale, timeZone)}
      </Term>
      <Term label={t('wagers.columns.gradedAt')}>
        {w.GradedAt ? formatDateTime(w.GradedAt, locale, timeZone) : '—'}
      </Term>
      {MONEY_FACTS.map(({ key, field, className }) => (
        <Term key={key} label={t(`wagers.columns.${key}`)} className={className}>
          <Money {...money} minor={w[field]} />
        </Term>
      ))}
      <div className="facts__wide">
        <dt>{t('wagers.columns.description')}</dt>
        <dd>{w.Description}</dd>
      </div>
    </dl>
  );
}
