import { BET_RESULTS, CHANGE_STATUSES, SPORTS, WAGER_TYPES } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { AgentSelect } from '@/components/ui/agent-select';
import { ChoiceField, EnumFilter } from '@/components/ui/choice-field';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useCurrencies } from '@/components/currency/get-currency';
import type { WagerCenterState } from '../utils/filters';
import { PlayerFilter } from './player-filter';
import type { WagerCenterPatch } from './use-wager-center-state';

const GRADED_RESULTS = BET_RESULTS.filter((r) => r !== 'open');
// The list's filters that pick one value of an enum, in the order shown.
const LIST_ENUMS = [
  { key: 'wagerType', values: WAGER_TYPES, names: 'wagerTypes' },
  { key: 'sport', values: SPORTS, names: 'sports' },
] as const;

interface WagerFiltersProps {
  state: WagerCenterState;
  playerLogin: string | undefined;
  onChange: (patch: WagerCenterPatch) => void;
  onPlayer: (player: { id: number; login: string } | undefined) => void;
}

export function WagerFilters({ state, playerLogin, onChange, onPlayer }: WagerFiltersProps) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const { tab, list } = state;

  return (
    <>
      <FilterPanel className="filters--wide">
        {tab !== 'open' && (
          <DateRangeFields
            value={{ startDate: state.startDate, endDate: state.endDate }}
            onChange={(range) => onChange(range)}
          />
        )}
        <AgentSelect value={list.idAgent} onChange={(idAgent) => onChange({ list: { idAgent } })} />
        {tab === 'changed' ? (
          <EnumFilter
            label={t('wagers.filters.status')}
            value={state.status}
            values={CHANGE_STATUSES}
            names="changeStatuses"
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
            {LIST_ENUMS.map(({ key, values, names }) => (
              <EnumFilter
                key={key}
                label={t(`wagers.filters.${key}`)}
                value={list[key]}
                values={values}
                names={names}
                onChange={(value) => onChange({ list: { [key]: value } })}
              />
            ))}
            <ChoiceField<number | ''>
              label={t('wagers.filters.currency')}
              choices={[
                { value: '', label: t('wagers.filters.all') },
                ...(currencies.data ?? []).map((c) => ({ value: c.IdCurrency, label: c.Code })),
              ]}
              value={list.idCurrency ?? ''}
              onChange={(v) => onChange({ list: { idCurrency: v === '' ? undefined : v } })}
            />
            {tab === 'graded' && (
              <EnumFilter
                label={t('wagers.filters.betResult')}
                value={list.betResult}
                values={GRADED_RESULTS}
                names="betResults"
                onChange={(betResult) => onChange({ list: { betResult } })}
              />
            )}
          </>
        )}
      </FilterPanel>
      {tab === 'open' && list.idEvent !== undefined && (
        <p className="wagers-game" role="status">
          {t('wagers.oneGame')}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => onChange({ list: { idEvent: undefined } })}
          >
            {t('wagers.allGames')}
          </button>
        </p>
      )}
    </>
  );
}
