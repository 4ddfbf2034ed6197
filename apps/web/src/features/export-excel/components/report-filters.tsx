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
import { ChoiceField, EnumFilter } from '@/components/ui/choice-field';
import { CATALOGUE } from '../utils/catalogue';
import type { CenterParams, CenterPatch } from './use-export-center-params';

/** The enumerations a report may be narrowed by, and its flags, in the order they show. */
const ENUMS = [
  { key: 'sport', label: 'wagers.filters.sport', values: SPORTS, names: 'sports' },
  { key: 'wagerType', label: 'wagers.filters.wagerType', values: WAGER_TYPES, names: 'wagerTypes' },
  {
    key: 'betResult',
    label: 'wagers.filters.betResult',
    values: BET_RESULTS.filter((r) => r !== 'open'),
    names: 'betResults',
  },
  {
    key: 'status',
    label: 'wagers.filters.status',
    values: CHANGE_STATUSES,
    names: 'changeStatuses',
  },
] as const;
const CHECKS = [
  { key: 'activeOnly', label: 'filters.activeOnly' },
  { key: 'withBalanceOnly', label: 'filters.withBalanceOnly' },
  { key: 'inOneCurrency', label: 'currency.inOneCurrency' },
  { key: 'beatersOnly', label: 'beatTheLine.beatersOnly' },
] as const;

interface ReportFiltersProps {
  values: CenterParams;
  onChange: (patch: CenterPatch) => void;
}

/** The filters of the chosen report, and only those. */
export function ReportFilters({ values: v, onChange }: ReportFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
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
        <AgentSelect value={v.idAgent} onChange={(idAgent) => onChange({ idAgent })} />
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
        <ChoiceField
          label={t('playerHistory.type')}
          choices={TRANSACTION_TYPES.map((type) => ({
            value: type.Value,
            label: t(`transactionTypes.${type.Description}`),
          }))}
          value={v.transactionType}
          onChange={(transactionType) => onChange({ transactionType })}
        />
      )}
      {ENUMS.filter((f) => has(f.key)).map((f) => (
        <EnumFilter<string>
          key={f.key}
          label={t(f.label)}
          values={f.values}
          names={f.names}
          value={v[f.key] || undefined}
          onChange={(value) => onChange({ [f.key]: value ?? '' })}
        />
      ))}
      {CHECKS.filter((c) => has(c.key)).map((c) => (
        <CheckField
          key={c.key}
          label={t(c.label)}
          checked={v[c.key]}
          onChange={(checked) => onChange({ [c.key]: checked })}
        />
      ))}
    </div>
  );
}
