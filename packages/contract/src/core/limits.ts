// A player's wager limits (DOMAIN.md "Running the book"): a minimum and a maximum per wager type, a
// maximum per sport, and for parlays the most legs and the largest payout. An entry left out is no
// limit of that kind; the accept rule applies every one that is set.
import { z } from 'zod';
import { defaulted } from './endpoint.ts';
import { Sport, WagerType } from './enums.ts';
import { MAX_PAYMENT, Money } from './money.ts';

/** A limit's amount, minor units of the player's currency. */
export const LimitAmount = Money.min(1, 'must be greater than zero').max(
  MAX_PAYMENT,
  `is at most ${MAX_PAYMENT}`,
);

/** A credit limit, a maximum wager or a cap as a person sets it: 0 or more (0 is none, where it may be). */
export const Limit = Money.min(0, 'must not be negative').max(
  MAX_PAYMENT,
  `is at most ${MAX_PAYMENT}`,
);

export const MAX_LEGS = 20;

export const WagerLimits = z
  .object({
    // Left out, or null, is none of that kind.
    MinByType: defaulted(z.partialRecord(WagerType, LimitAmount), {}),
    MaxByType: defaulted(z.partialRecord(WagerType, LimitAmount), {}),
    MaxBySport: defaulted(z.partialRecord(Sport, LimitAmount), {}),
    MaxParlayLegs: z
      .number({ error: 'must be a number of legs' })
      .int('must be a whole number')
      .min(2, 'is at least 2')
      .max(MAX_LEGS, `is at most ${MAX_LEGS}`)
      .nullable()
      .default(null),
    MaxParlayPayout: LimitAmount.nullable().default(null),
  })
  .superRefine((limits, ctx) => {
    for (const [type, min] of Object.entries(limits.MinByType)) {
      const max = limits.MaxByType[type as WagerType];
      if (min !== undefined && max !== undefined && min > max)
        ctx.addIssue({
          code: 'custom',
          path: ['MinByType', type],
          message: 'must not be above the maximum',
        });
    }
  });
export type WagerLimits = z.output<typeof WagerLimits>;

/** The limits of a player who has none set. */
export const NO_WAGER_LIMITS: WagerLimits = {
  MinByType: {},
  MaxByType: {},
  MaxBySport: {},
  MaxParlayLegs: null,
  MaxParlayPayout: null,
};
