// The fixed enumerations of SPEC.md §3, with Value and Description exactly as specified.
import { z } from 'zod';

export const TRANSACTION_TYPES = [
  { Value: -1, Description: 'all' },
  { Value: 1, Description: 'payments' },
  { Value: 2, Description: 'wagers' },
  { Value: 3, Description: 'adjustment' },
  { Value: 4, Description: 'freePlay' },
  { Value: 5, Description: 'casino' },
  { Value: 6, Description: 'horses' },
  { Value: 7, Description: 'rbl' },
] as const;

export const TransactionType = {
  All: -1,
  Payments: 1,
  Wagers: 2,
  Adjustment: 3,
  FreePlay: 4,
  Casino: 5,
  Horses: 6,
  Rbl: 7,
} as const;

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

export const PERIODS = [
  { Value: 0, Description: 'today' },
  { Value: 1, Description: 'yesterday' },
  { Value: 2, Description: 'thisWeek' },
  { Value: 3, Description: 'lastWeek' },
  { Value: 4, Description: 'twoweeksAgo' },
  { Value: 5, Description: 'threeweeksAgo' },
  { Value: 6, Description: 'thismonth' },
] as const;

export const Period = {
  Today: 0,
  Yesterday: 1,
  ThisWeek: 2,
  LastWeek: 3,
  TwoWeeksAgo: 4,
  ThreeWeeksAgo: 5,
  ThisMonth: 6,
} as const;

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
export const Sport = z.enum(SPORTS, { error: `must be one of ${SPORTS.join(', ')}` });
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
export const WagerType = z.enum(WAGER_TYPES, { error: `must be one of ${WAGER_TYPES.join(', ')}` });
export type WagerType = z.infer<typeof WagerType>;

export const BET_RESULTS = ['open', 'win', 'loss', 'push', 'noaction'] as const;
export const BetResult = z.enum(BET_RESULTS, { error: `must be one of ${BET_RESULTS.join(', ')}` });
export type BetResult = z.infer<typeof BetResult>;

/** A result as lists and exports read it: a deleted wager is void, whatever it was graded before. */
export const SHOWN_RESULTS = [...BET_RESULTS, 'void'] as const;
export type ShownResult = (typeof SHOWN_RESULTS)[number];
export function shownResult(w: { Deleted: boolean; Result: BetResult }): ShownResult {
  return w.Deleted ? 'void' : w.Result;
}

export const WAGER_STATUSES = ['open', 'graded', 'deleted'] as const;
export const CHANGE_STATUSES = ['deleted', 'regraded', 'changed'] as const;
export const ChangeStatus = z.enum(CHANGE_STATUSES, {
  error: `must be one of ${CHANGE_STATUSES.join(', ')}`,
});

export const PAYMENT_METHODS = ['cash', 'bank', 'card', 'crypto', 'p2p', 'other'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, {
  error: `must be one of ${PAYMENT_METHODS.join(', ')}`,
});

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
