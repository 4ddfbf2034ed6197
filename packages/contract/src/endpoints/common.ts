import { z } from 'zod';
import { Money } from '../money.ts';
import { IsoDate, ReportDate } from '../periods.ts';
import { fromDigits, optional, OptionalId } from '../endpoint.ts';

export const PeriodValue = z.preprocess(
  fromDigits,
  z.number({ error: 'must be a period value 0..6' }).int('must be a period value 0..6'),
);

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

export { Money };
