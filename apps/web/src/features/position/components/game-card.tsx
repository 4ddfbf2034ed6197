import type { PositionGame, PositionSide } from '@backline/contract/reports/position';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money-cell';
import { TableHead } from '@/components/ui/simple-table';
import { Term } from '@/components/ui/term';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { bookTone, gameName, gameWagersUrl, marketName, sideName } from '../utils/sides';

const COLUMNS = ['side', 'wagers', 'risk', 'toWin', 'bookIfWins'] as const;
const CLASSES = { wagers: 'num', risk: 'num', toWin: 'num', bookIfWins: 'num' } as const;

interface GameCardProps {
  game: PositionGame;
  idAgent: number;
  currency: string;
  locale: string;
  timeZone: string;
}

/** One game: its figures, a link to its open wagers, and each market's sides. */
export function GameCard({ game: g, idAgent, currency, locale, timeZone }: GameCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const money = (minor: number, neutral = true) => (
    <Money minor={minor} currency={currency} locale={locale} neutral={neutral} />
  );
  const wagersUrl = gameWagersUrl(paths.wagerCenter, idAgent, g.IdEvent);
  const name = gameName(g);

  /** The part of a figure from multi-leg wagers, under it. */
  const multiPart = (s: PositionSide, minor: number) =>
    s.MultiWagers > 0 && (
      <span className="cell-sub">
        {t('position.multiPart')} {money(minor)}
      </span>
    );

  return (
    <article className="card position-game" aria-labelledby={`${id}-name`}>
      <header className="position-game__head">
        <div className="position-game__title">
          <h2 id={`${id}-name`}>{name}</h2>
          <p className="position-game__meta">
            {t(`sports.${g.Sport}`)} · {g.League} ·{' '}
            <DateTime instant={g.StartsAt} locale={locale} timeZone={timeZone} />
            {g.Status === 'live' && <span className="tag tag--live">{t('position.live')}</span>}
          </p>
        </div>
        <dl className="position-game__figures">
          <Term label={t('position.columns.wagers')}>{formatCount(g.Wagers, locale)}</Term>
          <Term label={t('position.columns.handle')}>{money(g.Handle)}</Term>
          <Term label={t('position.columns.exposure')}>{money(g.Exposure, false)}</Term>
        </dl>
        <Link className="button position-game__wagers" to={wagersUrl}>
          {t('position.openWagers')}
          <span className="visually-hidden"> · {name}</span>
        </Link>
      </header>
      <table className="position-table">
        <caption className="visually-hidden">{t('position.caption', { game: name })}</caption>
        <TableHead prefix="position.columns" columns={COLUMNS} classes={CLASSES} />
        {g.Markets.map((m) => (
          <tbody key={`${m.Market}-${m.Prop}`}>
            <tr className="position-table__market">
              <th scope="colgroup" colSpan={5}>
                {marketName(m, (k) => t(`markets.${k}`))}
              </th>
            </tr>
            {m.Sides.map((s) => (
              <tr key={s.Side}>
                <th scope="row" className="position-table__side">
                  {sideName(s, (k) => t(`position.sides.${k}`))}
                  {s.MultiWagers > 0 && (
                    <span className="tag tag--multi">
                      {t('position.multiCount', {
                        count: s.MultiWagers,
                        formatted: formatCount(s.MultiWagers, locale),
                      })}
                    </span>
                  )}
                </th>
                <td className="num" data-label={t('position.columns.wagers')}>
                  <Link to={wagersUrl} className="position-table__count">
                    {formatCount(s.Wagers, locale)}
                    <span className="visually-hidden"> · {t('position.openWagers')}</span>
                  </Link>
                </td>
                <td className="num neutral" data-label={t('position.columns.risk')}>
                  {money(s.Risk)}
                  {multiPart(s, s.MultiRisk)}
                </td>
                <td className="num neutral" data-label={t('position.columns.toWin')}>
                  {money(s.ToWin)}
                  {multiPart(s, s.MultiToWin)}
                </td>
                <td
                  className={`num position-book position-book--${bookTone(s.BookIfWins)}`}
                  data-label={t('position.columns.bookIfWins')}
                >
                  {money(s.BookIfWins, false)}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </article>
  );
}
