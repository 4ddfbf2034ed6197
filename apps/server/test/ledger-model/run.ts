// What the two model runs (ledger-model, ledger-feed-model) share: a run's end check, the loop that
// runs the property until the operations reach the target, and the line that reports it.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/query.ts';
import { countLedgerViolations } from '../../src/ledger/ledger-invariants.ts';
import type { Figures } from './commands.ts';

/** After each run: every ledger invariant holds over what the run wrote. */
export async function expectNoViolations(db: Executor): Promise<void> {
  const violations = await countLedgerViolations(db);
  expect(Object.entries(violations).filter(([, n]) => n > 0)).toEqual([]);
}

/** Runs until the operations reach the target; each assert has its own seed, printed on failure. */
export async function runUntil(
  figures: Figures,
  target: number,
  maxCommands: number,
  property: fc.IAsyncProperty<unknown>,
): Promise<void> {
  while (figures.operations < target) {
    const runs = Math.max(1, Math.ceil((target - figures.operations) / (maxCommands / 2)));
    await fc.assert(property, { numRuns: Math.min(runs, 50) });
  }
}

/** The run's counts after its opening words, the seconds since `started` and what else it adds. */
export function runLine(figures: Figures, opening: string, started: number, extra = ''): string {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return (
    `${opening} (${figures.concurrentSteps} concurrent steps) and ${figures.clockMoves} clock ` +
    `moves in ${figures.runs} runs, ${figures.checks} checks, ${figures.differences} differences, ` +
    `${seconds} s${extra}; outcomes ${JSON.stringify(figures.outcomes)}`
  );
}
