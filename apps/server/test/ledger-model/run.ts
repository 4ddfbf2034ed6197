// What the two model runs (ledger-model, ledger-feed-model) share: the loop that runs random
// commands from random starts until the operations reach the target, each run's end check, and
// the line that reports it.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/query.ts';
import { countLedgerViolations } from '../../src/ledger/ledger-invariants.ts';
import { emptyFigures, startArbitrary, type Figures, type Subject } from './commands.ts';
import type { Model } from './model.ts';

/** After each run: every ledger invariant holds over what the run wrote. */
async function expectNoViolations(db: Executor): Promise<void> {
  const violations = await countLedgerViolations(db);
  expect(Object.entries(violations).filter(([, n]) => n > 0)).toEqual([]);
}

type Command = fc.AsyncCommand<Model, Subject>;

/**
 * Runs of up to `maxCommands` random commands, each from a random start, until the operations
 * reach the target; each assert has its own seed, printed on failure. `run` opens a world at the
 * start and runs the commands on it; after each run every ledger invariant must hold. The figures,
 * and when they started.
 */
export async function runModel(
  db: Executor,
  {
    target,
    maxCommands,
    commands,
  }: {
    target: number;
    maxCommands: number;
    commands: fc.Arbitrary<Command>[];
  },
  run: (start: number, steps: Iterable<Command>, figures: Figures) => Promise<void>,
): Promise<{ figures: Figures; started: number }> {
  const figures = emptyFigures();
  const started = Date.now();
  const property = fc.asyncProperty(
    startArbitrary,
    fc.commands(commands, { maxCommands, size: 'max' }),
    async (start, steps) => {
      await run(start, steps, figures);
      figures.runs++;
      await expectNoViolations(db);
    },
  );
  while (figures.operations < target) {
    const runs = Math.max(1, Math.ceil((target - figures.operations) / (maxCommands / 2)));
    await fc.assert(property, { numRuns: Math.min(runs, 50) });
  }
  return { figures, started };
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
