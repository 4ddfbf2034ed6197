// Temporary credit running out on the model's clock (issue 17): a player's credit limit lowered
// below what it has open, temporary credit on top, a wager placed on it, the clock moved to the
// expiry or past it, and a wager placed again; the model says which of them the accept rule takes.
import fc from 'fast-check';
import { NO_WAGER_LIMITS } from '@backline/contract';
import { Advance, Step, type Subject } from './commands.ts';
import { HOUR, type Draft } from './drafts.ts';
import type { Model } from './model.ts';

class TempCreditEnds implements fc.AsyncCommand<Model, Subject> {
  readonly steps: fc.AsyncCommand<Model, Subject>[];
  constructor(steps: fc.AsyncCommand<Model, Subject>[]) {
    this.steps = steps;
  }
  check = () => true;
  async run(m: Model, subject: Subject): Promise<void> {
    for (const step of this.steps) await step.run(m, subject);
  }
  toString(): string {
    return `tempCreditEnds[${this.steps.map(String).join(', ')}]`;
  }
}

export const tempCreditEndsArbitrary = fc
  .record({
    player: fc.integer({ min: 0, max: 3 }),
    credit: fc.integer({ min: 1, max: 60_000 }),
    lasts: fc.integer({ min: 1, max: HOUR }),
    /** 0: the clock stops at the expiry, which ends it already. */
    after: fc.integer({ min: 0, max: HOUR }),
    risks: fc.tuple(fc.nat(), fc.integer({ min: 1, max: 60_000 })),
  })
  .map(({ player, credit, lasts, after, risks: [before, since] }) => {
    const limits: Draft = {
      kind: 'limits',
      player,
      creditLimit: 'belowOpen',
      tempCredit: credit,
      tempCreditFor: lasts,
      maxWager: 0,
      wagerLimits: NO_WAGER_LIMITS,
    };
    // Up to all the temporary credit: available is one less, so the largest is refused.
    const place = (risk: number): Draft => ({
      kind: 'place',
      player,
      risk,
      toWin: risk,
      freePlay: false,
      legs: 1,
    });
    return new TempCreditEnds([
      new Step([limits], false),
      new Step([place(1 + (before % credit))], false),
      new Advance({ kind: 'by', ms: lasts + after }),
      new Step([place(since)], false),
    ]);
  });
