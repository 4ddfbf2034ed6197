import { Id } from '@backline/contract/core/endpoint';
import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Money } from '@/components/ui/money-cell';
import { QueryState } from '@/components/ui/query-state';
import { Tabs } from '@/components/ui/tabs';
import { useLocale } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUrlState } from '@/lib/url-state';
import { usePlayerAccount } from '../api/player-page';
import { AccessTab } from './access-tab';
import { AnalysisTab } from './analysis-tab';
import { BalanceTab } from './balance-tab';
import { HistoryTab } from './history-tab';
import { LimitsTab } from './limits-tab';
import { LoginsTab } from './logins-tab';
import { MessagesTab } from './messages-tab';
import { ProfileTab } from './profile-tab';
import '@/components/ui/report.css';
import './player-page.css';

export const PLAYER_TABS = [
  'limits',
  'balance',
  'access',
  'profile',
  'messages',
  'history',
  'analysis',
  'logins',
] as const;
type PlayerTab = (typeof PLAYER_TABS)[number];

const FIELDS = { idPlayer: Id.optional(), tab: z.enum(PLAYER_TABS) };
const DEFAULTS = { idPlayer: undefined, tab: 'limits' } as const;

const PANELS: Record<PlayerTab, (p: { player: PlayerAccount }) => ReactNode> = {
  limits: LimitsTab,
  balance: BalanceTab,
  access: AccessTab,
  profile: ProfileTab,
  messages: MessagesTab,
  history: HistoryTab,
  analysis: AnalysisTab,
  logins: LoginsTab,
};

/** One player of the subtree, run from one page: a tab for each thing an agent changes. */
export function PlayerPage() {
  const { t } = useTranslation();
  const [state, update] = useUrlState(FIELDS, DEFAULTS);
  useDocumentTitle(t('player.title'));
  if (state.idPlayer === undefined)
    return (
      <section className="report">
        <h1 className="report__title">{t('player.title')}</h1>
        <p>{t('player.noPlayer')}</p>
      </section>
    );
  return (
    <PlayerView
      idPlayer={state.idPlayer}
      tab={state.tab}
      onTab={(tab) => update({ tab }, { replace: true })}
    />
  );
}

function PlayerView(props: { idPlayer: number; tab: PlayerTab; onTab: (tab: PlayerTab) => void }) {
  const { idPlayer, tab, onTab } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const query = usePlayerAccount(idPlayer);
  const Panel = PANELS[tab];
  return (
    <section className="report player-page" aria-labelledby={`${id}-title`}>
      <QueryState query={query} pending="line" loading={t('player.loading')}>
        {(player) => (
          <>
            <header className="report__header player-page__header">
              <h1 id={`${id}-title`} className="report__title">
                <span className="player__login">{player.Player}</span>{' '}
                <span className="player-page__name">{player.Name}</span>
              </h1>
              <p className="report__period">
                {t('player.underAgent', { agent: player.Agent })} ·{' '}
                <span className={`status status--${player.Status}`}>
                  {t(`players.statuses.${player.Status}`)}
                </span>
                {player.Watched && <> · {t('players.flagWatched')}</>}
              </p>
            </header>
            <dl className="player-page__figures">
              {(
                [
                  ['Balance', player.Balance, false],
                  ['Available', player.Available, false],
                  ['AtRisk', player.AtRisk, true],
                  ['CreditLimit', player.CreditLimit + player.TempCredit, true],
                  ['FreePlay', player.FreePlayBalance, true],
                ] as const
              ).map(([key, minor, neutral]) => (
                <div key={key} className="player-page__figure">
                  <dt>{t(`player.figures.${key}`)}</dt>
                  <dd>
                    <Money
                      minor={minor}
                      currency={player.Currency}
                      locale={locale}
                      neutral={neutral}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            <Tabs
              label={t('player.tabsLabel')}
              idBase={`${id}-tab`}
              panelId={`${id}-panel`}
              tabs={PLAYER_TABS.map((key) => ({ key, label: t(`player.tabs.${key}`) }))}
              value={tab}
              onChange={onTab}
              className="player-page__tabs"
            />
            <div
              id={`${id}-panel`}
              role="tabpanel"
              aria-labelledby={`${id}-tab-${tab}`}
              className="player-page__panel"
            >
              <Panel key={`${player.IdPlayer}-${tab}`} player={player} />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
