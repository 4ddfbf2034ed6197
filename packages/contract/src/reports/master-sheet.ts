// The master sheet (issue 18, DOMAIN.md "Agent deals and the weekly settle", decision 033): per
// direct sub-agent of an agent, a week's players' result, make-up, commission or split, per-head
// fees, what is owed and by whom, what was paid and the balance forward; and the deals behind it.
// Every amount is in minor units of the site's currency (other currencies converted at the site's
// rates); owed, paid and balances are from the sub-agent's side: positive, it owes its parent.
import { z } from 'zod';
import { endpoint, Id, OptionalId, optional, Timestamp } from '../core/endpoint.ts';
import { Money } from '../core/money.ts';
import { IsoDate, ReportDate } from '../core/periods.ts';

export const DEAL_KINDS = ['split', 'commission'] as const;
export const DealKind = z.enum(DEAL_KINDS, { error: 'must be split or commission' });
export type DealKind = z.infer<typeof DealKind>;

/** A share in percent, at most two decimals: 0 to 100. */
export const DealPercent = z
  .number({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(100, 'must be 100 or less')
  .multipleOf(0.01, 'has at most two decimals');

/** A deal's terms as a parent sets them for a sub-agent (or as the default for new ones). */
export const DealTerms = z.object({
  Kind: DealKind,
  /** Sports and rbl; casino and horses too unless they have their own. */
  Percent: DealPercent,
  /** Null: casino at Percent, in one make-up with sports. */
  CasinoPercent: DealPercent.nullable(),
  /** Null: horses at Percent, in one make-up with sports. */
  HorsesPercent: DealPercent.nullable(),
  /** Players' wins are carried as make-up, earned back before any commission or split. */
  RedFigure: z.boolean(),
  /** Per active player (one wager placed or more) a week, owed to the parent. */
  HeadFee: Money.refine((v) => v >= 0 && v <= 100_000_00, 'must be 0 to 100,000.00'),
});
export type DealTerms = z.infer<typeof DealTerms>;

/** A deal from a week on: the one in force for a week is the latest that starts on or before it. */
export const DealVersion = DealTerms.extend({
  FromWeek: IsoDate,
  SetBy: z.string(),
  SetAt: Timestamp,
});
export type DealVersion = z.infer<typeof DealVersion>;

export const AgentDeal = z.object({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Name: z.string(),
  IdParent: z.number().int().nullable(),
  /** The deal in force this week; null: none yet (the agent earns nothing and owes its result). */
  Current: DealVersion.nullable(),
  /** Every deal the agent has had, the newest first. */
  History: z.array(DealVersion),
  /** What the agent's own new sub-agents start on; null: none. */
  Defaults: DealTerms.nullable(),
  /** The first week a new deal may start: the earliest week whose sheet is not closed. */
  FirstOpenWeek: IsoDate,
  /** Whether the caller may set this agent's deal (it is the agent's parent, with the right). */
  CanSet: z.boolean(),
});
export type AgentDeal = z.infer<typeof AgentDeal>;

export const getAgentDeal = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentDeal',
  summary: "An agent's deal with its parent, its history and its defaults for new sub-agents.",
  audience: 'agent',
  body: z.object({ idAgent: OptionalId }),
  response: AgentDeal,
});

export const setAgentDeal = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetAgentDeal',
  summary: "Sets a direct sub-agent's deal from a week on (a week whose sheet is not closed).",
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({ idAgent: Id, fromWeek: ReportDate, deal: DealTerms }),
  response: AgentDeal,
});

export const setDealDefaults = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetDealDefaults',
  summary: "The deal the caller's new sub-agents start on (null: none).",
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({ deal: DealTerms.nullable() }),
  response: AgentDeal,
});

export const SETTLE_STATUSES = ['settled', 'partly', 'open'] as const;
export const SettleStatus = z.enum(SETTLE_STATUSES);
export type SettleStatus = z.infer<typeof SettleStatus>;

/** The players' week by product, from the players' side (positive: the players won). */
export const SheetNet = z.object({
  Sports: Money,
  Casino: Money,
  Horses: Money,
  Rbl: Money,
  Total: Money,
});
export type SheetNet = z.infer<typeof SheetNet>;

/** Make-up carried per product group (a product without its own percent is in Sports'). */
export const SheetMakeup = z.object({ Sports: Money, Casino: Money, Horses: Money, Total: Money });
export type SheetMakeup = z.infer<typeof SheetMakeup>;

export const SheetFigures = z.object({
  /** This week's players' result in the agent's whole subtree. */
  Net: SheetNet,
  /**
   * Changes to weeks already closed (a regrade after the cut-off), players' side, by product:
   * they settle in this week, so a closed sheet never changes.
   */
  Late: SheetNet,
  MakeupBefore: SheetMakeup,
  MakeupAfter: SheetMakeup,
  /** The agent's commission or split (negative: its share of the players' win, a split's). */
  Earnings: Money,
  ActivePlayers: z.number().int(),
  HeadFees: Money,
  /** This week's: book result − earnings + head fees. Positive: the agent owes its parent. */
  Owed: Money,
  /** The balance forward of the week before. */
  BroughtForward: Money,
  /** Agent payments counted in this week (positive: the agent paid its parent). */
  Paid: Money,
  /** BroughtForward + Owed − Paid: positive, the agent owes its parent. */
  BalanceForward: Money,
});
export type SheetFigures = z.infer<typeof SheetFigures>;

export const SheetRow = SheetFigures.extend({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Name: z.string(),
  /** The deal in force for the week; null: none (earnings 0). */
  Deal: DealTerms.nullable(),
  Status: SettleStatus,
  /** Sub-agents of its own: its sheet can be opened. */
  HasSubAgents: z.boolean(),
});
export type SheetRow = z.infer<typeof SheetRow>;

export const MasterSheetRequest = z.object({
  /** Whose sheet (its direct sub-agents' rows): the caller or an agent below it. */
  idAgent: OptionalId,
  /** Any day of the week; absent: the latest week that has ended, in the site's zone. */
  week: optional(ReportDate),
});
export type MasterSheetRequest = z.input<typeof MasterSheetRequest>;

/** When a week's sheet closes: this day after the week (1 = its next Monday … 7) at this time. */
export const SheetCutoff = z.object({
  Day: z
    .number({ error: 'must be a day from 1 (Monday) to 7 (Sunday)' })
    .int('must be a day from 1 (Monday) to 7 (Sunday)')
    .min(1, 'must be a day from 1 (Monday) to 7 (Sunday)')
    .max(7, 'must be a day from 1 (Monday) to 7 (Sunday)'),
  /** Minutes after midnight in the site's zone. */
  Minute: z
    .number({ error: 'must be a time of day in minutes (0 to 1439)' })
    .int('must be a time of day in minutes (0 to 1439)')
    .min(0, 'must be a time of day in minutes (0 to 1439)')
    .max(1439, 'must be a time of day in minutes (0 to 1439)'),
});
export type SheetCutoff = z.infer<typeof SheetCutoff>;

export const MasterSheetResponse = z.object({
  IdAgent: z.number().int(),
  Agent: z.string(),
  Currency: z.string(),
  /** Monday and Sunday of the week. */
  StartDate: IsoDate,
  EndDate: IsoDate,
  /** Final: the site's cut-off has passed and the sheet will never change. */
  Closed: z.boolean(),
  ClosesAt: Timestamp,
  /** This agent's own row of its parent's sheet; null for the master. */
  Own: SheetRow.nullable(),
  Rows: z.array(SheetRow),
  Totals: SheetFigures,
  /** Whether the agent asked for its sheet by e-mail at each cut-off. */
  EmailWeekly: z.boolean(),
  Cutoff: SheetCutoff,
});
export type MasterSheetResponse = z.infer<typeof MasterSheetResponse>;

export const getMasterSheet = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/GetMasterSheet',
  summary:
    "A week's settle with each direct sub-agent of an agent, and that agent's own row of its parent's sheet.",
  audience: 'agent',
  body: MasterSheetRequest,
  response: MasterSheetResponse,
});

export const setSheetEmail = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetSheetEmail',
  summary: "Whether the caller gets its sheet by e-mail at each week's cut-off.",
  audience: 'agent',
  body: z.object({ enabled: z.boolean({ error: 'must be true or false' }) }),
  response: z.object({ EmailWeekly: z.boolean() }),
});

export const setSheetCutoff = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/SetSheetCutoff',
  summary: "When the site's weekly sheets close (the master agent's); weeks closed stay closed.",
  audience: 'agent',
  right: 'manageAgents',
  body: z.object({ cutoff: SheetCutoff }),
  response: SheetCutoff,
});
