import type {
  PlayerStandingResponse,
  PlayerStandingRow,
} from '@backline/contract/endpoints/money-reports';
import { formatMoney } from '@backline/contract/money';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { PlayerLink } from '@/components/ui/player-link';
import { SortHeader } from '@/components/ui/sort-header';
import { columnCss } from '@/lib/column-width';
import {
  columnChars,
  FIGURE_KEYS,
  type FigureKey,
  type Sort,
  type SortKey,
} from '../utils/standing-rows';

// Rows have a fixed height in CSS, so the virtualizer needs no measuring.
const ROW_HEIGHT = 44;
const VIRTUALIZE_FROM = 120;
const COLUMN_COUNT = 2 + FIGURE_KEYS.length;
// Limits and exposure are not results: they are shown without the win/loss colours.
const NEUTRAL: ReadonlySet<FigureKey> = new Set(['CreditLimit', 'AtRisk', 'FreePlayBalance']);
// Secondary figures are set smaller (12 px beside the table's 13 px), their columns narrower.
const MINOR: ReadonlySet<FigureKey> = new Set([
  'CreditLimit',
  'FreePlayBalance',
  'Sports',
  'Casino',
  'Horses',
]);

/** Available stands out; the balance is the key figure, kept in view at the right edge. */
function figureClass(key: FigureKey): string | undefined {
  if (key === 'Available') return 'col-strong';
  if (key === 'Balance') return 'col-key';
  return MINOR.has(key) ? 'col-minor' : undefined;
}

const Row = memo(function Row({ row, locale }: { row: PlayerStandingRow; locale: string }) {
  return (
    <tr>
      <th scope="row" className="col-player">
        <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />
      </th>
      <td className="col-agent">{row.Agent}</td>
      {FIGURE_KEYS.map((key) => (
        <MoneyCell
          key={key}
          minor={row[key]}
          currency={row.Currency}
          locale={locale}
          neutral={NEUTRAL.has(key)}
          className={figureClass(key)}
        />
      ))}
    </tr>
  );
});

function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr className="spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={COLUMN_COUNT} />
    </tr>
  );
}

interface StandingTableProps {
  report: PlayerStandingResponse;
  rows: readonly PlayerStandingRow[];
  sort: Sort | null;
  onSort: (key: SortKey) => void;
  locale: string;
  caption: string;
}

export function StandingTable({ report, rows, sort, onSort, locale, caption }: StandingTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer hands back functions React Compiler must not memoize; it re-renders on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: rows.length >= VIRTUALIZE_FROM,
  });
  const widths = useMemo(() => {
    const labels = Object.fromEntries(
      FIGURE_KEYS.map((key) => [key, t(`playerStanding.columns.${key}`)]),
    ) as Record<FigureKey, string>;
    return columnChars(
      report.Rows,
      report.Totals,
      (minor, currency) => formatMoney(minor, currency, locale),
      labels,
    );
  }, [report, locale, t]);

  const columns = FIGURE_KEYS.map((key) => columnCss(widths[key], MINOR.has(key)));
  const visible = rows.length >= VIRTUALIZE_FROM ? virtualizer.getVirtualItems() : null;
  const indexes = visible ? visible.map((v) => v.index) : rows.map((_, i) => i);
  const padTop = visible?.[0]?.start ?? 0;
  const lastEnd = visible?.at(-1)?.end;
  const padBottom = lastEnd === undefined ? 0 : virtualizer.getTotalSize() - lastEnd;
  const header = { sortedBy: sort?.key ?? null, direction: sort?.direction ?? 'ascending', onSort };

  return (
    <div ref={scrollRef} className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table
        className="report-table report-table--fixed report-table--tight"
        style={{
          width: `calc(var(--player-col) + var(--agent-col) + ${columns.join(' + ')})`,
        }}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className="col-player-width" />
          <col className="col-agent-width" />
          {FIGURE_KEYS.map((key, i) => (
            <col key={key} style={{ width: columns[i] }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <SortHeader
              {...header}
              sortKey="Player"
              label={t('playerStanding.columns.Player')}
              className="col-player"
            />
            <SortHeader {...header} sortKey="Agent" label={t('playerStanding.columns.Agent')} />
            {FIGURE_KEYS.map((key) => (
              <SortHeader
                {...header}
                key={key}
                sortKey={key}
                label={t(`playerStanding.columns.${key}`)}
                className={key === 'Balance' ? 'num col-key' : 'num'}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          <Spacer height={padTop} />
          {indexes.map((i) => (
            <Row key={rows[i]!.IdPlayer} row={rows[i]!} locale={locale} />
          ))}
          <Spacer height={padBottom} />
        </tbody>
        <tfoot>
          {report.Totals.map((total, i) => (
            <tr
              key={total.Currency}
              style={
                {
                  '--sticky-bottom': `${(report.Totals.length - 1 - i) * ROW_HEIGHT}px`,
                } as CSSProperties
              }
            >
              <th scope="row" className="col-player">
                {report.Totals.length > 1
                  ? `${t('weeklyBalance.totals')} ${total.Currency}`
                  : t('weeklyBalance.totals')}
                <span className="totals-label__sub">
                  {t('playerStanding.playerCount', { count: total.Players })}
                </span>
              </th>
              <td className="col-agent" />
              {FIGURE_KEYS.map((key) => (
                <MoneyCell
                  key={key}
                  minor={total[key]}
                  currency={total.Currency}
                  locale={locale}
                  neutral={NEUTRAL.has(key)}
                  className={figureClass(key)}
                />
              ))}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
