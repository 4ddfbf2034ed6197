// The export center's choices live in the URL (?report=gradedBets&period=3&sport=NFL ...), read
// with the contract's schemas; anything unusable falls back to a default.
import { OptionalId } from '@backline/contract/endpoint';
import { PeriodValue } from '@backline/contract/endpoints/common';
import { ExportFormat, ExportReportName } from '@backline/contract/endpoints/export-route';
import {
  BetResult,
  ChangeStatus,
  Period,
  Sport,
  TransactionTypeFilter,
  WagerType,
  WEEK_PERIODS,
} from '@backline/contract/enums';
import { useMemo } from 'react';
import { z } from 'zod';
import { parsePeriodRange, periodRangeParams, type PeriodRange } from '@/lib/period-range';
import { readFlag, readParam, useParamPatch, type ParamPatch } from '@/lib/search-params';
import { useAgentStore } from '@/stores/agent-store';
import type { CenterValues } from '../utils/catalogue';

export interface CenterParams extends CenterValues {
  /** The chosen player's login, shown beside the choice. */
  player: string;
  format: ExportFormat;
}

const Login = z.string().trim().max(64);

export function parseCenterParams(
  params: URLSearchParams,
  selfId: number,
  agentIds: ReadonlySet<number>,
): CenterParams {
  const idAgent = readParam(params, 'idAgent', OptionalId, selfId);
  const week = readParam(params, 'week', PeriodValue, Period.ThisWeek);
  return {
    report: readParam(params, 'report', ExportReportName, 'weeklyBalance'),
    idAgent: agentIds.has(idAgent) ? idAgent : selfId,
    week: (WEEK_PERIODS as readonly number[]).includes(week) ? week : Period.ThisWeek,
    range: parsePeriodRange(params, Period.ThisWeek),
    idPlayer: readParam(params, 'idPlayer', OptionalId, null),
    player: readParam(params, 'player', Login, ''),
    transactionType: readParam(params, 'transactionType', TransactionTypeFilter, -1),
    sport: readParam(params, 'sport', Sport, ''),
    wagerType: readParam(params, 'wagerType', WagerType, ''),
    betResult: readParam(params, 'betResult', BetResult, ''),
    status: readParam(params, 'status', ChangeStatus, ''),
    activeOnly: readFlag(params, 'activeOnly'),
    withBalanceOnly: readFlag(params, 'withBalanceOnly'),
    inOneCurrency: readFlag(params, 'isCurrencyReport'),
    beatersOnly: readFlag(params, 'beatersOnly'),
    format: readParam(params, 'format', ExportFormat, 'xlsx'),
  };
}

export type CenterPatch = Partial<Omit<CenterParams, 'range'>> & { range?: PeriodRange };

/** Turns changed values into query parameters; defaults and "all" leave the URL. */
function toParams(patch: CenterPatch): ParamPatch {
  const out: ParamPatch = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'range') Object.assign(out, periodRangeParams(value as PeriodRange));
    else if (key === 'inOneCurrency') out.isCurrencyReport = value as boolean;
    else if (key === 'transactionType')
      out.transactionType = value === -1 ? null : (value as number);
    else out[key] = value === '' ? null : (value as ParamPatch[string]);
  }
  return out;
}

export function useExportCenterParams() {
  const [params, patch] = useParamPatch();
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const subAgents = useAgentStore((s) => s.subAgents);
  const agentIds = useMemo(() => new Set(subAgents.map((a) => a.IdAgent)), [subAgents]);
  const values = useMemo(
    () => parseCenterParams(params, selfId, agentIds),
    [params, selfId, agentIds],
  );
  const set = (changes: CenterPatch) => patch(toParams(changes), { replace: true });
  return [values, set] as const;
}
