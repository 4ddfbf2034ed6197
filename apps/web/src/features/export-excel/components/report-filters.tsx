import {
  BET_RESULTS,
  CHANGE_STATUSES,
  SPORTS,
  TRANSACTION_TYPES,
  WAGER_TYPES,
  WEEK_PERIODS,
} from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { AgentSelect } from '@/components/ui/agent-select';
import { CheckField } from '@/components/ui/check-field';
import { PeriodPicker } from '@/components/ui/period-picker';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { useAgentStore } from '@/stores/agent-store';
import { CATALOGUE } from '../utils/catalogue';
import { ChoiceSelect } from './choice-select';
import type { CenterParams, CenterPatch } from './use-export-center-params';

interface ReportFiltersProps {
  values: CenterParams;
  onChange: (patch: CenterPatch) => void;
}

/** The filters of the chosen report, and only those. */
export function ReportFilters({ values: v, onChange }: ReportFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const subAgents = useAgentStore((s) => s.subAgents);
  const fields = CATALOGUE[v.report];
  const has = (f: (typeof fields)[number]) => fields.includes(f);

  return (
    <div className="export-center__filters">
      {has('player') &&
        (v.idPlayer === null ? (
          <div className="export-center__player">
            <PlayerPicker
              label={t('exportExcel.player')}
              onPick={(p) => onChange({ idPlayer: p.IdPlayer, player: p.Player })}
            />
            <p className="export-center__hint">{t('exportExcel.playerRequired')}</p>
          </div>
        ) : (
          <div className="field export-center__chosen">
            <span id={`${id}-player`} className="export-center__label">
              {t('exportExcel.player')}
            </span>
            <div className="export-center__chosen-row" aria-labelledby={`${id}-player`}>
              <strong>{v.player || `#${v.idPlayer}`}</strong>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onChange({ idPlayer: null, player: '' })}
              >
                {t('exportExcel.changePlayer')}
              </button>
            </div>
          </div>
        ))}
      {has('agent') && (
        <AgentSelect
          agents={subAgents}
          value={v.idAgent}
          onChange={(idAgent) => onChange({ idAgent })}
        />
      )}
      {has('week') && (
        <PeriodPicker
          periods={WEEK_PERIODS}
          value={v.week}
          onChange={(week) => onChange({ week })}
        />
      )}
      {(has('period') || has('dates')) && (
        <PeriodRangePicker value={v.range} onChange={(range) => onChange({ range })} />
      )}
      {has('transactionType') && (
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('playerHistory.type')}</label>
          <select
            id={`${id}-type`}
            value={v.transactionType}
            onChange={(e) => onChange({ transactionType: Number(e.target.value) })}
          >
            {TRANSACTION_TYPES.map((type) => (
              <option key={type.Value} value={type.Value}>
                {t(`transactionTypes.${type.Description}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {has('sport') && (
        <ChoiceSelect
          label={t('wagers.filters.sport')}
          values={SPORTS}
          names="sports"
          value={v.sport}
          onChange={(sport) => onChange({ sport })}
        />
      )}
      {has('wagerType') && (
        <ChoiceSelect
          label={t('wagers.filters.wagerType')}
          values={WAGER_TYPES}
          names="wagerTypes"
          value={v.wagerType}
          onChange={(wagerType) => onChange({ wagerType })}
        />
      )}
      {has('betResult') && (
        <ChoiceSelect
          label={t('wagers.filters.betResult')}
          values={BET_RESULTS.filter((r) => r !== 'open')}
          names="betResults"
          value={v.betResult}
          onChange={(betResult) => onChange({ betResult })}
        />
      )}
      {has('status') && (
        <ChoiceSelect
          label={t('wagers.filters.status')}
          values={CHANGE_STATUSES}
          names="changeStatuses"
          value={v.status}
          onChange={(status) => onChange({ status })}
        />
      )}
      {has('activeOnly') && (
        <CheckField
          label={t('filters.activeOnly')}
          checked={v.activeOnly}
          onChange={(activeOnly) => onChange({ activeOnly })}
        />
      )}
      {has('withBalanceOnly') && (
        <CheckField
          label={t('filters.withBalanceOnly')}
          checked={v.withBalanceOnly}
          onChange={(withBalanceOnly) => onChange({ withBalanceOnly })}
        />
      )}
      {has('inOneCurrency') && (
        <CheckField
          label={t('currency.inOneCurrency')}
          checked={v.inOneCurrency}
          onChange={(inOneCurrency) => onChange({ inOneCurrency })}
        />
      )}
      {has('beatersOnly') && (
        <CheckField
          label={t('beatTheLine.beatersOnly')}
          checked={v.beatersOnly}
          onChange={(beatersOnly) => onChange({ beatersOnly })}
        />
      )}
    </div>
  );
}
