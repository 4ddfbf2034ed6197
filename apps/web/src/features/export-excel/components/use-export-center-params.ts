// The export center's choices live in the URL (?report=gradedBets&period=3&sport=NFL ...), read
// with the contract's schemas; anything unusable falls back to a default.
import { OptionalId, QueryBool } from '@backline/contract/core/endpoint';
import { PeriodValue } from '@backline/contract/core/common';
import { ExportFormat, ExportReportName } from '@backline/contract/calls/export-route';
import {
  BetResult,
  ChangeStatus,
  Period,
  Sport,
  TransactionTypeFilter,
  WagerType,
  WEEK_PERIODS,
} from '@backline/contract/core/enums';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { useScopedAgent } from '@/lib/agent-scope';
import {
  PERIOD_RANGE_DEFAULTS,
  PERIOD_RANGE_FIELDS,
  periodRangeOf,
  periodRangeParams,
  type PeriodRange,
} from '@/lib/period-range';
import { useUrlState, type UrlChange, type UrlState } from '@/lib/url-state';
import type { CenterValues } from '../utils/catalogue';

export interface CenterParams extends CenterValues {
  /** The chosen player's login, shown beside the choice. */
  player: string;
  format: ExportFormat;
}

const Login = z.string().trim().max(64);

const URL_FIELDS = {
  ...PERIOD_RANGE_FIELDS,
  report: ExportReportName,
  idAgent: OptionalId,
  week: PeriodValue,
  idPlayer: OptionalId,
  player: Login,
  transactionType: TransactionTypeFilter,
  sport: Sport,
  wagerType: WagerType,
  betResult: BetResult,
  status: ChangeStatus,
  activeOnly: QueryBool,
  withBalanceOnly: QueryBool,
  isCurrencyReport: QueryBool,
  beatersOnly: QueryBool,
  format: ExportFormat,
};
/** "All" and no choice leave the URL; the report, agent, week and format are written as chosen. */
const URL_DEFAULTS = {
  ...PERIOD_RANGE_DEFAULTS,
  report: undefined,
  idAgent: undefined,
  week: undefined,
  idPlayer: null,
  player: '',
  transactionType: -1,
  sport: '',
  wagerType: '',
  betResult: '',
  status: '',
  activeOnly: false,
  withBalanceOnly: false,
  isCurrencyReport: false,
  beatersOnly: false,
  format: undefined,
} as const;

type Url = UrlState<typeof URL_FIELDS, typeof URL_DEFAULTS>;

function centerParams(url: Url, idAgent: number): CenterParams {
  const week = url.week ?? Period.ThisWeek;
  return {
    report: url.report ?? 'weeklyBalance',
    idAgent,
    week: (WEEK_PERIODS as readonly number[]).includes(week) ? week : Period.ThisWeek,
    range: periodRangeOf(url, Period.ThisWeek),
    idPlayer: url.idPlayer,
    player: url.player,
    transactionType: url.transactionType,
    sport: url.sport,
    wagerType: url.wagerType,
    betResult: url.betResult,
    status: url.status,
    activeOnly: url.activeOnly,
    withBalanceOnly: url.withBalanceOnly,
    inOneCurrency: url.isCurrencyReport,
    beatersOnly: url.beatersOnly,
    format: url.format ?? 'xlsx',
  };
}

export type CenterPatch = Partial<Omit<CenterParams, 'range'>> & { range?: PeriodRange };

/** The URL change of changed values: the range is two forms, one currency its report's name. */
function toUrl({ range, inOneCurrency, ...rest }: CenterPatch) {
  const change = { ...rest } as UrlChange<typeof URL_FIELDS, typeof URL_DEFAULTS>;
  if (range) Object.assign(change, periodRangeParams(range));
  if (inOneCurrency !== undefined) change.isCurrencyReport = inOneCurrency;
  return change;
}

export function useExportCenterParams() {
  const [url, update] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  const idAgent = useScopedAgent(url.idAgent);
  const values = useMemo(() => centerParams(url, idAgent), [url, idAgent]);
  const set = useCallback(
    (changes: CenterPatch) => update(toUrl(changes), { replace: true }),
    [update],
  );
  return [values, set] as const;
}
