// Filters in the URL (?idPlayer=12&period=6&transactionType=1, or startDate/endDate for custom
// dates), parsed with the contract's request schema. Without a usable idPlayer, no player is chosen.
import { OptionalId } from '@backline/contract/endpoint';
import { Period, TransactionTypeFilter } from '@backline/contract/enums';
import { useMemo } from 'react';
import { parsePeriodRange, periodRangeParams, type PeriodRange } from '@/lib/period-range';
import { readParam, useParamPatch } from '@/lib/search-params';

export interface HistoryParams {
  idPlayer: number | null;
  range: PeriodRange;
  transactionType: number;
}

export function parseHistoryParams(params: URLSearchParams): HistoryParams {
  return {
    idPlayer: readParam(params, 'idPlayer', OptionalId, null),
    range: parsePeriodRange(params, Period.ThisWeek),
    transactionType: readParam(params, 'transactionType', TransactionTypeFilter, -1),
  };
}

export function usePlayerHistoryFilters() {
  const [params, patch] = useParamPatch();
  const filters = useMemo(() => parseHistoryParams(params), [params]);
  const set = {
    player: (idPlayer: number | null) => patch({ idPlayer }),
    range: (range: PeriodRange) => patch(periodRangeParams(range)),
    transactionType: (type: number) => patch({ transactionType: type === -1 ? null : type }),
  };
  return [filters, set] as const;
}
