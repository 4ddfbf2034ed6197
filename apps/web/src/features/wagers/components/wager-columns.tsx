import type { Wager, WagerPage } from '@backline/contract/reports/wagers';
import { shownResult } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { figureColumn } from '@/components/ui/data-table';
import { formatCount } from '@/lib/format';
import { ResultBadge } from './result-badge';

type Column = DataColumn<Wager, WagerPage['Totals'][number]>;

/** The open (or, with `graded`, graded) wagers' columns; the totals count every page's wagers. */
export function useWagerColumns(
  graded: boolean,
  onOpen: (wager: Wager) => void,
  locale: string,
  timeZone: string,
): Column[] {
  const { t } = useTranslation();
  const when = (id: 'placedAt' | 'gradedAt', at: (w: Wager) => string | null): Column => ({
    id,
    header: t(`wagers.columns.${id}`),
    className: 'when',
    sortable: true,
    descFirst: true,
    cell: (w) => {
      const instant = at(w);
      return instant ? <DateTime instant={instant} locale={locale} timeZone={timeZone} /> : '—';
    },
  });
  // The key figure, kept in view at the right edge: the risk of open wagers, the result of graded.
  const riskClass = graded ? 'neutral' : 'neutral col-key';
  const columns: (Column | false)[] = [
    {
      id: 'ticket',
      header: t('wagers.columns.ticket'),
      cell: (w) => (
        <>
          <TicketButton ticket={w.Ticket} onOpen={() => onOpen(w)} />
          {w.Deleted && <span className="tag tag--deleted">{t('wagers.deleted')}</span>}
        </>
      ),
      total: (total) => t('wagers.totals', { currency: total.Currency }),
    },
    {
      id: 'player',
      header: t('wagers.columns.player'),
      sortable: true,
      cell: (w) => (
        <>
          <PlayerCell login={w.Player} name={w.Name} />
          {w.Sharp && (
            <span className="tag tag--sharp" title={t('wagers.sharpTitle')}>
              {t('beatTheLine.sharp')}
            </span>
          )}
        </>
      ),
      totalSpan: graded ? 5 : 4,
      totalClassName: 'totals-scope',
      total: (total) =>
        t('wagers.allPages', { count: total.Count, formatted: formatCount(total.Count, locale) }),
    },
    when('placedAt', (w) => w.PlacedAt),
    graded && when('gradedAt', (w) => w.GradedAt),
    {
      id: 'type',
      header: t('wagers.columns.type'),
      className: 'wagers-table__type',
      cell: (w) => (
        <>
          {t(`wagerTypes.${w.WagerType}`)}
          {w.FreePlay && <span className="tag">{t('wagers.freePlay')}</span>}
          <span className="cell-sub">{t(`sports.${w.Sport}`)}</span>
        </>
      ),
    },
    {
      id: 'description',
      header: t('wagers.columns.description'),
      className: 'wagers-table__description',
      cell: (w) => w.Description,
    },
    figureColumn('Risk', 'risk', t('wagers.columns.risk'), riskClass),
    figureColumn('ToWin', 'toWin', t('wagers.columns.toWin'), 'neutral'),
    graded && {
      id: 'result',
      header: t('wagers.columns.result'),
      sortable: true,
      descFirst: true,
      cell: (w) => <ResultBadge result={shownResult(w)} />,
    },
    graded && figureColumn('Amount', 'amount', t('wagers.columns.amount'), 'col-key'),
    {
      id: 'legs',
      header: t('wagers.columns.legs'),
      className: 'num',
      cell: (w) => formatCount(w.Legs.length, locale),
    },
  ];
  return columns.filter((c): c is Column => c !== false);
}

/** A wager's ticket number, the button that opens its detail. */
export function TicketButton({ ticket, onOpen }: { ticket: string; onOpen: () => void }) {
  return (
    <button type="button" className="link-button ticket" aria-haspopup="dialog" onClick={onOpen}>
      {ticket}
    </button>
  );
}

export function PlayerCell({ login, name }: { login: string; name: string }) {
  return (
    <>
      <span className="player__login">{login}</span>
      <span className="player__name">{name}</span>
    </>
  );
}
