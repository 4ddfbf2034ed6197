import { BET_RESULTS, CHANGE_STATUSES, SPORTS, WAGER_TYPES } from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect } from '@/components/ui/agent-select';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useAgentStore } from '@/stores/agent-store';
import { useCurrencies } from '@/components/currency/get-currency';
import type { WagerCenterState } from '../utils/filters';
import { EnumSelect } from './enum-select';
import { PlayerFilter } from './player-filter';
import type { WagerCenterPatch } from './use-wager-center-state';

const GRADED_RESULTS = BET_RESULTS.filter((r) => r !== 'open');

interface WagerFiltersProps {
  state: WagerCenterState;
  playerLogin: string | undefined;
  onChange: (patch: WagerCenterPatch) => void;
  onPlayer: (player: { id: number; login: string } | undefined) => void;
}

export function WagerFilters({ state, playerLogin, onChange, onPlayer }: WagerFiltersProps) {
  const { t } = useTranslation();
  const currencyId = useId();
  const subAgents = useAgentStore((s) => s.subAgents);
  const currencies = useCurrencies();
  const { tab, list } = state;

  return (
    <FilterPanel className="filters--wide">
      {tab !== 'open' && (
        <DateRangeFields
          value={{ startDate: state.startDate, endDate: state.endDate }}
          onChange={(range) => onChange(range)}
        />
      )}
      <AgentSelect
        agents={subAgents}
        value={list.idAgent}
        onChange={(idAgent) => onChange({ list: { idAgent } })}
      />
      {tab === 'changed' ? (
        <EnumSelect
          label={t('wagers.filters.status')}
          value={state.status}
          values={CHANGE_STATUSES}
          namespace="changeStatuses"
          onChange={(status) => onChange({ status })}
        />
      ) : (
        <>
          <PlayerFilter
            key={list.idPlayer ?? 'none'}
            idPlayer={list.idPlayer}
            login={playerLogin}
            onChange={onPlayer}
          />
          <EnumSelect
            label={t('wagers.filters.wagerType')}
            value={list.wagerType}
            values={WAGER_TYPES}
            namespace="wagerTypes"
            onChange={(wagerType) => onChange({ list: { wagerType } })}
          />
          <EnumSelect
            label={t('wagers.filters.sport')}
            value={list.sport}
            values={SPORTS}
            namespace="sports"
            onChange={(sport) => onChange({ list: { sport } })}
          />
          <div className="field">
            <label htmlFor={currencyId}>{t('wagers.filters.currency')}</label>
            <select
              id={currencyId}
              value={list.idCurrency ?? ''}
              onChange={(e) =>
                onChange({
                  list: { idCurrency: e.target.value ? Number(e.target.value) : undefined },
                })
              }
            >
              <option value="">{t('wagers.filters.all')}</option>
              {(currencies.data ?? []).map((c) => (
                <option key={c.IdCurrency} value={c.IdCurrency}>
                  {c.Code}
                </option>
              ))}
            </select>
          </div>
          {tab === 'graded' && (
            <EnumSelect
              label={t('wagers.filters.betResult')}
              value={list.betResult}
              values={GRADED_RESULTS}
              namespace="betResults"
              onChange={(betResult) => onChange({ list: { betResult } })}
            />
          )}
        </>
      )}
    </FilterPanel>
  );
}
