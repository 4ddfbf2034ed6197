import type { Wager } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
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
      <div>
        <dt>{t('wagers.columns.ticket')}</dt>
        <dd className="ticket">{w.Ticket}</dd>
      </div>
      <div>
        <dt>{t('wagers.columns.player')}</dt>
        <dd>
          <span className="player__login">{w.Player}</span>
          <span className="cell-sub">
            {w.Name} · {w.Agent}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('wagers.columns.type')}</dt>
        <dd>
          {t(`wagerTypes.${w.WagerType}`)} · {t(`sports.${w.Sport}`)}
          {w.FreePlay && <span className="tag">{t('wagers.freePlay')}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('wagers.columns.status')}</dt>
        <dd>
          <WagerState wager={w} />
        </dd>
      </div>
      <div>
        <dt>{t('wagers.columns.placedAt')}</dt>
        <dd>{formatDateTime(w.PlacedAt, locale, timeZone)}</dd>
      </div>
      <div>
        <dt>{t('wagers.columns.gradedAt')}</dt>
        <dd>{w.GradedAt ? formatDateTime(w.GradedAt, locale, timeZone) : '—'}</dd>
      </div>
      {MONEY_FACTS.map(({ key, field, className }) => (
        <div key={key}>
          <dt>{t(`wagers.columns.${key}`)}</dt>
          <dd className={className}>
            <Money {...money} minor={w[field]} />
          </dd>
        </div>
      ))}
      <div className="facts__wide">
        <dt>{t('wagers.columns.description')}</dt>
        <dd>{w.Description}</dd>
      </div>
    </dl>
  );
}
