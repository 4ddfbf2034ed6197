import { z } from 'zod';
import { Money } from './money.ts';
import { IsoDate, ReportDate } from './periods.ts';
import { defaulted, fromDigits, optional, OptionalId, WholeNumber } from './endpoint.ts';

export const PeriodValue = z.preprocess(
  fromDigits,
  z.number({ error: 'must be a period value 0..6' }).int('must be a period value 0..6'),
);

/** A login an agent or a player is given: the one rule of sign-up, a new player and a new agent. */
export const LOGIN_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const LOGIN_RULE = 'must be 3 to 32 letters, digits, dots, dashes or underscores';

/** The page sizes the screens offer; a list endpoint takes any size up to its own maximum. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;

/** Either a period (computed in the site's time zone) or explicit dates; the server answers with both. */
export const PeriodFields = z.object({
  idAgent: OptionalId,
  period: optional(PeriodValue),
  startDate: optional(ReportDate),
  endDate: optional(ReportDate),
});

/** Refuses an explicit range that ends before it starts; apply after any `.extend`. */
export function orderedDates<
  T extends z.ZodType<{ startDate?: string | undefined; endDate?: string | undefined }>,
>(schema: T) {
  return schema.refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'must not be before the start date',
    path: ['endDate'],
  });
}

export const PeriodFilter = orderedDates(PeriodFields);

/** Set when a report was converted into one currency: which, and the rates used. */
export const Conversion = z
  .object({
    Currency: z.string(),
    Rates: z.array(z.object({ Currency: z.string(), Rate: z.string() })),
  })
  .nullable();

export const PeriodEcho = z.object({ StartDate: IsoDate, EndDate: IsoDate });

export const PlayerRef = z.object({
  IdPlayer: z.number().int(),
  Player: z.string(),
  Name: z.string(),
  IdAgent: z.number().int(),
  Agent: z.string(),
  Currency: z.string(),
});

/** Which way a list is sorted: one word pair for every sorted list of the product. */
export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];
export function sortDir(fallback: SortDir) {
  return defaulted(z.enum(SORT_DIRS, { error: 'must be asc or desc' }), fallback);
}

/** The page of a paged list, from 1. */
export const PageNumber = defaulted(WholeNumber('must be a page number', 1, 100_000), 1);

/** A count of rows, players, wagers. */
export const Count = z.number().int();

/**
 * A payment list's totals in one currency: the money in and the money out (a positive figure) under
 * the list's own names, and the net.
 */
export function PaymentTotals<In extends string, Out extends string>(inName: In, outName: Out) {
  return z.object({
    Currency: z.string(),
    Count,
    ...({ [inName]: Money } as Record<In, typeof Money>),
    ...({ [outName]: Money } as Record<Out, typeof Money>),
    Net: Money,
  });
}

/** Where a page of a list paged on the server sits: its number, its size, the rows of all pages. */
export const PageEcho = { Page: z.number().int(), PageSize: z.number().int(), TotalRows: Count };

/**
 * Set when a list is sorted by a money column across currencies: the rows were ranked by their
 * amounts converted into this currency at these rates (each row still shows its own currency).
 */
export const RankedIn = Conversion;

/** The key that makes an entry post once however often it is sent. */
export const IdempotencyKey = z.uuid('must be a UUID');

/** A payment's free note (player or agent). */
export const PaymentNote = defaulted(z.string().trim().max(500, 'is at most 500 characters'), '');

export { Money };
