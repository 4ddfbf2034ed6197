// Filters in the URL (?idPlayer=12&period=6&transactionType=1, or startDate/endDate for custom
// dates), parsed with the contract's request schema. Without a usable idPlayer, no player is chosen.
import { OptionalId } from '@backline/contract/core/endpoint';
import { Period, TransactionTypeFilter } from '@backline/contract/core/enums';
import { useMemo } from 'react';
import {
  PERIOD_RANGE_DEFAULTS,
  PERIOD_RANGE_FIELDS,
  periodRangeOf,
  periodRangeParams,
  type PeriodRange,
} from '@/lib/period-range';
import { useUrlState, type UrlState } from '@/lib/url-state';

export const HISTORY_URL = {
  ...PERIOD_RANGE_FIELDS,
  idPlayer: OptionalId,
  transactionType: TransactionTypeFilter,
};
export const HISTORY_DEFAULTS = {
  ...PERIOD_RANGE_DEFAULTS,
  idPlayer: null,
  transactionType: -1,
} as const;

export interface HistoryParams {
  idPlayer: number | null;
  range: PeriodRange;
  transactionType: number;
}

export function historyParams(
  url: UrlState<typeof HISTORY_URL, typeof HISTORY_DEFAULTS>,
): HistoryParams {
  return {
    idPlayer: url.idPlayer,
    range: periodRangeOf(url, Period.ThisWeek),
    transactionType: url.transactionType,
  };
}

export function usePlayerHistoryFilters() {
  const [url, update] = useUrlState(HISTORY_URL, HISTORY_DEFAULTS);
  const filters = useMemo(() => historyParams(url), [url]);
  const set = {
    player: (idPlayer: number | null) => update({ idPlayer }),
    range: (range: PeriodRange) => update(periodRangeParams(range)),
    transactionType: (transactionType: number) => update({ transactionType }),
  };
  return [filters, set] as const;
}
