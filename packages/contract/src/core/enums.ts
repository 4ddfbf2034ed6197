// The fixed enumerations of SPEC.md §3, with Value and Description exactly as specified.
import { z } from 'zod';

/** One of the listed words; anything else is refused with the list spelled out. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/** A numbered enumeration: the spec's list of Value and Description, and each value by its name. */
function numbered<
  const Rows extends readonly (readonly [name: string, value: number, description: string])[],
>(rows: Rows) {
  type List = {
    readonly [K in keyof Rows]: { readonly Value: Rows[K][1]; readonly Description: Rows[K][2] };
  };
  type ByName = { readonly [Row in Rows[number] as Row[0]]: Row[1] };
  return {
    list: rows.map(([, Value, Description]) => ({ Value, Description })) as unknown as List,
    byName: Object.fromEntries(rows.map(([name, value]) => [name, value])) as ByName,
  };
}

const transactionTypes = numbered([
  ['All', -1, 'all'],
  ['Payments', 1, 'payments'],
  ['Wagers', 2, 'wagers'],
  ['Adjustment', 3, 'adjustment'],
  ['FreePlay', 4, 'freePlay'],
  ['Casino', 5, 'casino'],
  ['Horses', 6, 'horses'],
  ['Rbl', 7, 'rbl'],
]);
export const TRANSACTION_TYPES = transactionTypes.list;
export const TransactionType = transactionTypes.byName;

/** A ledger entry's type: every value but -1 ("all"), which is only a filter. */
export const LedgerType = z.union([1, 2, 3, 4, 5, 6, 7].map((v) => z.literal(v))) as z.ZodType<
  1 | 2 | 3 | 4 | 5 | 6 | 7
>;
export type LedgerType = z.infer<typeof LedgerType>;

export const TransactionTypeFilter = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d{1,2}$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'must be one of -1, 1, 2, 3, 4, 5, 6, 7' })
    .int()
    .refine((v) => v === -1 || (v >= 1 && v <= 7), 'must be one of -1, 1, 2, 3, 4, 5, 6, 7'),
);

const periods = numbered([
  ['Today', 0, 'today'],
  ['Yesterday', 1, 'yesterday'],
  ['ThisWeek', 2, 'thisWeek'],
  ['LastWeek', 3, 'lastWeek'],
  ['TwoWeeksAgo', 4, 'twoweeksAgo'],
  ['ThreeWeeksAgo', 5, 'threeweeksAgo'],
  ['ThisMonth', 6, 'thismonth'],
]);
export const PERIODS = periods.list;
export const Period = periods.byName;

/** The periods a weekly report offers: whole Monday-to-Sunday weeks. */
export const WEEK_PERIODS = [
  Period.ThisWeek,
  Period.LastWeek,
  Period.TwoWeeksAgo,
  Period.ThreeWeeksAgo,
];

export const SPORTS = [
  'NFL',
  'NCAAF',
  'NBA',
  'NCAAB',
  'MLB',
  'NHL',
  'SOCCER',
  'TENNIS',
  'MMA',
  'GOLF',
] as const;
export const Sport = oneOf(SPORTS);
export type Sport = z.infer<typeof Sport>;

export const WAGER_TYPES = [
  'straight',
  'parlay',
  'teaser',
  'ifbet',
  'reverse',
  'roundrobin',
  'props',
  'futures',
  'live',
] as const;
export const WagerType = oneOf(WAGER_TYPES);
export type WagerType = z.infer<typeof WagerType>;

export const BET_RESULTS = ['open', 'win', 'loss', 'push', 'noaction'] as const;
export const BetResult = oneOf(BET_RESULTS);
export type BetResult = z.infer<typeof BetResult>;

/** A result as lists and exports read it: a deleted wager is void, whatever it was graded before. */
export const SHOWN_RESULTS = [...BET_RESULTS, 'void'] as const;
export type ShownResult = (typeof SHOWN_RESULTS)[number];
export function shownResult(w: { Deleted: boolean; Result: BetResult }): ShownResult {
  return w.Deleted ? 'void' : w.Result;
}

export const WAGER_STATUSES = ['open', 'graded', 'deleted'] as const;
export const CHANGE_STATUSES = ['deleted', 'regraded', 'changed'] as const;
export const ChangeStatus = oneOf(CHANGE_STATUSES);

export const PAYMENT_METHODS = ['cash', 'bank', 'card', 'crypto', 'p2p', 'other'] as const;
export const PaymentMethod = oneOf(PAYMENT_METHODS);

export const LANGUAGES = ['en', 'es'] as const;
export const Language = z.enum(LANGUAGES, { error: 'must be en or es' });
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language named in itself, so a reader finds theirs whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** Rights an agent may hold; they narrow down the tree and never widen. */
export const RIGHTS = [
  'viewReports',
  'deleteWagers',
  'changePasswords',
  'seeCasino',
  'managePayments',
  'enterAdjustments',
  'manageAgents',
  'managePlayers',
  'setLimits',
  'exceedCaps',
  'freePlay',
  'messagePlayers',
  'viewOnly',
] as const;
export const Right = z.enum(RIGHTS);
export type Right = z.infer<typeof Right>;
