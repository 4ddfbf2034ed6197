// Action by player: volume and count per player by wager type for a period.
import { z } from 'zod';
import { endpoint, optional, OptionalId, QueryBool } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { ReportDate } from '../core/periods.ts';
import { Conversion, Count, orderedDates, PeriodEcho, PlayerRef } from '../core/common.ts';

/** Count and volume (risk) by wager type, and over all types. */
const ActionFigures = {
  ByType: z.record(z.string(), z.object({ Count, Volume: Money })),
  Count,
  Volume: Money,
};

export const ActionByPlayerRow = PlayerRef.extend(ActionFigures);
export type ActionByPlayerRow = z.infer<typeof ActionByPlayerRow>;

export const getActionByPlayer = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetActionByPlayer',
  summary:
    'Per player, volume (risk) and count by wager type for a period, optionally in one currency.',
  audience: 'agent',
  query: orderedDates(
    z.object({
      idAgent: OptionalId,
      startDate: ReportDate,
      endDate: ReportDate,
      isCurrencyReport: optional(QueryBool),
    }),
  ),
  response: PeriodEcho.extend({
    Rows: z.array(ActionByPlayerRow),
    Totals: z.array(z.object({ Currency: z.string(), ...ActionFigures })),
    Conversion,
  }),
});
