import {
  LIVE_BIG_RISK_DEFAULT_UNITS,
  LIVE_ONLY,
  type LiveItem,
  type LiveOnly,
} from '@backline/contract/calls/live';
import { SPORTS, WAGER_TYPES } from '@backline/contract/core/enums';
import { formatMoney } from '@backline/contract/core/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect } from '@/components/ui/agent-select';
import { ChoiceField, EnumFilter } from '@/components/ui/choice-field';
import { FilterPanel } from '@/components/ui/filter-panel';
import { Money } from '@/components/ui/money-cell';
import { ReportPage } from '@/components/ui/report-page';
import { BusyStatus, EmptyState, ErrorState } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
import { formatTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useAgentStore } from '@/stores/agent-store';
import { useLiveTicker } from '../api/live-ticker';
import { isBig, type Connection } from '../utils/ticker';
import { Badges } from './badges';
import { LiveItemDialog } from './live-item-dialog';
import { useLiveState } from './use-live-state';
import '@/components/ui/report-extras.css';
import './live.css';

/** The minimum risk choices, in whole units of the site currency. */
const MIN_RISK_UNITS = [100, 500, 1_000, 5_000, 10_000] as const;

/** Wagers placed, graded and voided in the subtree as they happen, newest first. */
export function Live() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [url, filters, update] = useLiveState();
  const ticker = useLiveTicker(filters);
  const [open, setOpen] = useState<LiveItem | null>(null);
  const siteCurrency = useAgentStore((s) => s.site?.Currency ?? 'USD');
  const currency = ticker.head?.siteCurrency ?? siteCurrency;
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const bigRisk = ticker.head?.bigRisk ?? LIVE_BIG_RISK_DEFAULT_UNITS * 10 ** digits;

  const filterByPlayer = (item: LiveItem) =>
    update({ idPlayer: item.IdPlayer, player: item.Player });

  let body;
  if (ticker.error) {
    body = <ErrorState message={errorMessage(ticker.error)} onRetry={ticker.retry} />;
  } else if (!ticker.head) {
    body = <BusyStatus message={t('live.loading')} />;
  } else if (ticker.items.length === 0) {
    body = <EmptyState message={t('live.empty')} />;
  } else {
    body = (
      <ol className="live-list" aria-label={t('live.listLabel')}>
        {ticker.items.map((item) => (
          <LiveRow
            key={item.Id}
            item={item}
            big={isBig(item, bigRisk)}
            onOpen={() => setOpen(item)}
            onPlayer={() => filterByPlayer(item)}
          />
        ))}
      </ol>
    );
  }

  return (
    <ReportPage
      title={t('live.title')}
      intro={t('live.intro', { amount: formatMoney(bigRisk, currency, locale) })}
      busy={!ticker.head && !ticker.error}
      count={ticker.head && t('live.count', { count: ticker.items.length })}
      tools={
        <div className="live-tools">
          <ConnectionStatus connection={ticker.connection} />
          {ticker.paused ? (
            <button
              type="button"
              className="button button--primary live-toggle"
              onClick={ticker.resume}
            >
              {ticker.queued.length > 0
                ? t('live.resumeCount', { count: ticker.queued.length })
                : t('live.resume')}
            </button>
          ) : (
            <button type="button" className="button live-toggle" onClick={ticker.pause}>
              {t('live.pause')}
            </button>
          )}
        </div>
      }
      filters={
        <>
          <FilterPanel className="filters--flow">
            <AgentSelect value={url.idAgent} onChange={(idAgent) => update({ idAgent })} />
            <EnumFilter
              label={t('fields.sport')}
              values={SPORTS}
              names="sports"
              value={url.sport}
              onChange={(sport) => update({ sport: sport ?? null })}
            />
            <EnumFilter
              label={t('fields.wagerType')}
              values={WAGER_TYPES}
              names="wagerTypes"
              value={url.wagerType}
              onChange={(wagerType) => update({ wagerType: wagerType ?? null })}
            />
            <ChoiceField
              label={t('fields.minRisk')}
              value={url.minRisk ?? 0}
              choices={[
                { value: 0, label: t('wagers.filters.all'), summary: 'skip' as const },
                ...MIN_RISK_UNITS.map((units) => ({
                  value: units * 10 ** digits,
                  label: t('live.atLeast', {
                    amount: formatMoney(units * 10 ** digits, currency, locale),
                  }),
                })),
              ]}
              onChange={(minRisk) => update({ minRisk: minRisk === 0 ? null : minRisk })}
            />
            <ChoiceField<LiveOnly | ''>
              label={t('fields.only')}
              value={url.only ?? ''}
              choices={[
                { value: '', label: t('live.only.all'), summary: 'skip' as const },
                ...LIVE_ONLY.map((v) => ({ value: v, label: t(`live.only.${v}`) })),
              ]}
              onChange={(only) => update({ only: only === '' ? null : only })}
            />
          </FilterPanel>
          {url.idPlayer !== undefined && (
            <p className="live-chip">
              {t('live.playerFilter', { player: url.player ?? `#${url.idPlayer}` })}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => update({ idPlayer: null, player: null })}
              >
                {t('live.clearPlayer')}
              </button>
            </p>
          )}
          {ticker.paused && (
            <p className="alert alert--info live-paused" role="status">
              {t('live.paused', { count: ticker.queued.length })}
            </p>
          )}
        </>
      }
      after={
        open && (
          <LiveItemDialog
            item={open}
            big={isBig(open, bigRisk)}
            locale={locale}
            onClose={() => setOpen(null)}
          />
        )
      }
    >
      {body}
    </ReportPage>
  );
}

function ConnectionStatus({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  return (
    <p className={`live-connection live-connection--${connection}`} role="status">
      <span className="live-connection__dot" aria-hidden="true" />
      {t(`live.connection.${connection}`)}
    </p>
  );
}

interface LiveRowProps {
  item: LiveItem;
  big: boolean;
  onOpen: () => void;
  onPlayer: () => void;
}

function LiveRow({ item, big, onOpen, onPlayer }: LiveRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const settled = item.Kind === 'graded' || item.Kind === 'regraded';
  const classes = ['live-item', `live-item--${item.Kind}`];
  if (big) classes.push('live-item--big');
  if (item.Sharp) classes.push('live-item--sharp');
  else if (item.Watched) classes.push('live-item--watched');
  return (
    <li className={classes.join(' ')} data-id={item.Id}>
      <div className="live-item__when">
        <time dateTime={item.At}>{formatTime(item.At, locale, timeZone)}</time>
        <span className={`live-kind live-kind--${item.Kind}`}>{t(`live.kinds.${item.Kind}`)}</span>
      </div>
      <div className="live-item__what">
        <button
          type="button"
          className="link-button live-item__open"
          aria-haspopup="dialog"
          onClick={onOpen}
        >
          {item.Ticket}
        </button>{' '}
        <span>
          {t(`wagerTypes.${item.WagerType}`)} · {t(`sports.${item.Sport}`)}
          {item.FreePlay && <> · {t('live.freePlay')}</>}
        </span>
        <span className="live-item__description">{item.Description}</span>
      </div>
      <div className="live-item__who">
        <button
          type="button"
          className="link-button"
          onClick={onPlayer}
          title={t('live.onlyPlayer', { player: item.Player })}
        >
          {item.Player}
        </button>
        <span className="live-item__agent">{t('player.underAgent', { agent: item.Agent })}</span>
      </div>
      <div className="live-item__money">
        <span className="live-item__risk">
          {t('live.risk')} {formatMoney(item.Risk, item.Currency, locale)}
        </span>
        {settled ? (
          <span>
            {t(`betResults.${item.Result}`)}{' '}
            <Money minor={item.Amount} currency={item.Currency} locale={locale} />
          </span>
        ) : item.Kind === 'voided' ? (
          <span>{t('live.void')}</span>
        ) : (
          <span className="live-item__towin">
            {t('live.toWin')} {formatMoney(item.ToWin, item.Currency, locale)}
          </span>
        )}
      </div>
      <Badges item={item} big={big} />
    </li>
  );
}
