import type { Wager } from '@backline/contract/reports/wagers';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { Tabs } from '@/components/ui/tabs';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { changedFilters, gradedFilters, WAGER_TABS } from '../utils/filters';
import { ChangedList } from './changed-list';
import { OpenBetsSummary } from './open-bets-summary';
import { useWagerCenterState } from './use-wager-center-state';
import { WagerDetailDialog } from './wager-detail-dialog';
import { WagerFilters } from './wager-filters';
import { WagerList } from './wager-list';
import '@/components/ui/report-extras.css';
import { ReportPage } from '@/components/ui/report-page';
import './wagers.css';

interface OpenWager {
  idWager: number;
  initial?: Wager;
}

export function WagerCenter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [state, update] = useWagerCenterState();
  const [openWager, setOpenWager] = useState<OpenWager | null>(null);
  const [playerLogins, setPlayerLogins] = useState<ReadonlyMap<number, string>>(new Map());
  const { tab, list } = state;

  const onPlayer = useCallback(
    (player: { id: number; login: string } | undefined) => {
      if (player) setPlayerLogins((m) => new Map(m).set(player.id, player.login));
      update({ list: { idPlayer: player?.id } });
    },
    [update],
  );
  const { page: _page, pageSize: _size, sort: _sort, dir: _dir, ...summaryFilters } = list;
  const period = tab === 'open' ? null : formatDayRange(state.startDate, state.endDate, locale);
  const caption = t(`wagers.caption.${tab}`, { period });

  return (
    <ReportPage
      title={t('wagers.title')}
      period={period ?? t('wagers.openNow')}
      tools={
        <ExportButton
          target={
            tab === 'open'
              ? { report: 'openBets', filters: state.list }
              : tab === 'graded'
                ? { report: 'gradedBets', filters: gradedFilters(state) }
                : { report: 'changedBets', filters: changedFilters(state) }
          }
        />
      }
      filters={
        <Tabs
          label={t('wagers.tabs.label')}
          idBase={`${id}-tab`}
          panelId={`${id}-panel`}
          tabs={WAGER_TABS.map((key) => ({ key, label: t(`wagers.tabs.${key}`) }))}
          value={tab}
          onChange={(next) => update({ tab: next })}
        />
      }
      bodyProps={{ id: `${id}-panel`, role: 'tabpanel', 'aria-labelledby': `${id}-tab-${tab}` }}
      after={
        openWager && (
          <WagerDetailDialog
            idWager={openWager.idWager}
            initial={openWager.initial}
            locale={locale}
            onClose={() => setOpenWager(null)}
          />
        )
      }
    >
      <WagerFilters
        state={state}
        playerLogin={list.idPlayer ? playerLogins.get(list.idPlayer) : undefined}
        onChange={update}
        onPlayer={onPlayer}
      />
      {tab === 'open' && <OpenBetsSummary filters={summaryFilters} locale={locale} />}
      {tab === 'changed' ? (
        <ChangedList
          state={state}
          onOpen={(idWager) => setOpenWager({ idWager })}
          locale={locale}
          timeZone={timeZone}
          caption={caption}
        />
      ) : (
        <WagerList
          state={state}
          onChange={update}
          onOpen={(wager) => setOpenWager({ idWager: wager.IdWager, initial: wager })}
          locale={locale}
          timeZone={timeZone}
          caption={caption}
        />
      )}
    </ReportPage>
  );
}
