// `npm test`: every check the project has, in the order that fails cheapest first, on a fresh
// Debian machine; the steps of a group run side by side (README.md "Tests").
// Usage: node scripts/test.ts [--only <step>[,<step>...]] [--skip-e2e] [--thorough]
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { ensureSystemDeps } from './system-deps.ts';
import { startPostgres } from './pg.ts';
import { checkBudgets } from './budgets.ts';
import { startCheck } from './start-check.ts';

const ROOT = resolve(import.meta.dirname, '..');
/**
 * The projects `tsc -b` builds (`npm run typecheck`): the references of the root tsconfig.json,
 * kept plain JSON for this reader; README.md "Typecheck" says how the projects are set up.
 */
function typecheckProjects(): string[] {
  const root = JSON.parse(readFileSync(resolve(ROOT, 'tsconfig.json'), 'utf8')) as {
    references?: { path: string }[];
  };
  return (root.references ?? []).map((r) => r.path);
}

/** Every tsconfig.json the repository tracks, outside the root: each must be a reference. */
function unreferencedProjects(): string[] {
  const tracked = execFileSync('git', ['ls-files', '*tsconfig.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const referenced = new Set(typecheckProjects());
  return tracked
    .split('\n')
    .filter((file) => file.endsWith('/tsconfig.json'))
    .map((file) => file.slice(0, -'/tsconfig.json'.length))
    .filter((dir) => !referenced.has(dir));
}

interface Step {
  name: string;
  title: string;
  /**
   * Selected steps next to each other with the same group run side by side, each command's output
   * held until it ends: on 2 cores they fill the second core the other leaves idle.
   */
  group?: string;
  /** In a group: starts once this step of the group has ended (the core it used is free). */
  after?: string;
  run: () => Promise<void>;
}

class StepFailure extends Error {}

const children = new Set<ChildProcess>();

/** --thorough: property-based and model runs at their full counts (THOROUGH=1 in every test step). */
let thorough = false;

/** Children find the repo's tools (and Node 24) first, and run as in CI. */
function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: [resolve(ROOT, 'node_modules/.bin'), process.env.PATH].join(delimiter),
    CI: process.env.CI || 'true',
    ...(thorough ? { THOROUGH: '1' } : {}),
    ...extra,
  };
  for (const [key, value] of Object.entries(extra)) if (value === undefined) delete env[key];
  return env;
}

interface RunOptions {
  env?: Record<string, string | undefined>;
  /**
   * Collect the output and print it when done, so parallel commands do not interleave; by default
   * when the step runs beside others in its group.
   */
  capture?: boolean;
}

/** Set while a step runs beside others: its commands then capture their output. */
const besideOthers = new AsyncLocalStorage<boolean>();

function run(command: string, args: string[], options: RunOptions = {}): Promise<void> {
  const line = [command, ...args].join(' ');
  const capture = options.capture ?? besideOthers.getStore() ?? false;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: childEnv(options.env),
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    children.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      children.delete(child);
      reject(new StepFailure(`${line}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      if (capture)
        process.stdout.write(`$ ${line}\n${output}${output.endsWith('\n') || !output ? '' : '\n'}`);
      if (code === 0) resolvePromise();
      else reject(new StepFailure(`${line} exited with ${signal ?? code}`));
    });
  });
}

/** Runs commands with at most `limit` at a time; fails with every failure once all are done. */
async function runAll(
  commands: [string, string[]][],
  limit = 2,
  options: RunOptions = {},
): Promise<void> {
  const failures: string[] = [];
  const queue = [...commands];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await run(next[0], next[1], { ...options, capture: true }).catch((error: Error) => {
        failures.push(error.message);
      });
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  if (failures.length > 0) throw new StepFailure(failures.join('; '));
}

const steps: Step[] = [
  {
    name: 'deps',
    title: 'System packages (PostgreSQL, Chromium, HAProxy)',
    run: async () => {
      try {
        ensureSystemDeps();
      } catch (error) {
        throw new StepFailure((error as Error).message, { cause: error });
      }
    },
  },
  {
    name: 'lint',
    title: 'ESLint and Prettier',
    run: () =>
      runAll([
        ['eslint', ['.']],
        ['prettier', ['--check', '.']],
      ]),
  },
  {
    name: 'typecheck',
    title: `TypeScript: tsc -b (${typecheckProjects().join(', ')})`,
    run: async () => {
      const missing = unreferencedProjects();
      if (missing.length > 0)
        throw new StepFailure(`tsconfig.json does not reference ${missing.join(', ')}`);
      await run('tsc', ['-b']);
    },
  },
  {
    name: 'unit',
    title: 'Unit tests',
    run: () => run('vitest', ['run', '--project', 'unit']),
  },
  {
    name: 'build',
    title: 'Build the web app',
    run: () => run('npm', ['run', 'build', '-w', '@backline/web']),
  },
  {
    name: 'budgets',
    group: 'served',
    title: 'Web size budgets',
    run: async () => {
      if (!(await checkBudgets()))
        throw new StepFailure('a size budget is exceeded or cannot be measured');
    },
  },
  {
    name: 'start',
    group: 'served',
    title: 'Quick start: the default demo served within 90 s',
    run: async () => {
      await startCheck();
    },
  },
  {
    name: 'api-pglite',
    group: 'suites',
    title: 'API tests on PGlite',
    run: () =>
      run('vitest', ['run', '--project', 'api'], {
        env: { DATABASE_URL: undefined, REPORTS_DATABASE_URL: undefined },
      }),
  },
  {
    name: 'api-postgres',
    group: 'suites',
    title: 'API tests on a throwaway PostgreSQL cluster',
    run: async () => {
      const cluster = await startPostgres();
      console.log(`PostgreSQL on 127.0.0.1:${cluster.port}`);
      try {
        await run('vitest', ['run', '--project', 'api'], {
          env: { DATABASE_URL: cluster.url, REPORTS_DATABASE_URL: undefined },
        });
      } finally {
        await cluster.stop();
      }
    },
  },
  {
    name: 'cluster',
    // The PGlite run is the longer of the two: the cluster takes the core PostgreSQL's run frees.
    group: 'suites',
    after: 'api-postgres',
    title: 'The cluster: PostgreSQL with a synchronous standby, 3 processes behind HAProxy',
    run: () => run('vitest', ['run', '--project', 'cluster']),
  },
  {
    name: 'e2e',
    title: 'Browser end-to-end (Playwright, Chromium)',
    run: () => run('playwright', ['test', '-c', 'e2e/playwright.config.ts']),
  },
];

function parseArgs(argv: string[]): { only: Set<string> | undefined; skipE2e: boolean } {
  let only: Set<string> | undefined;
  let skipE2e = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--skip-e2e') skipE2e = true;
    else if (arg === '--thorough') thorough = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      if (!value) usage('--only needs a step name');
      only ??= new Set();
      for (const name of value.split(',')) only.add(name.trim());
    } else usage(`unknown argument ${arg}`);
  }
  for (const name of only ?? []) {
    if (!steps.some((s) => s.name === name)) usage(`unknown step ${name}`);
  }
  return { only, skipE2e };
}

function usage(problem: string): never {
  console.error(
    `${problem}\nUsage: node scripts/test.ts [--only <step>[,<step>...]] [--skip-e2e] [--thorough]`,
  );
  console.error(`Steps, in order: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function stopChildren(signal: NodeJS.Signals): void {
  for (const child of children) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopChildren('SIGTERM');
    console.error(`\nInterrupted by ${signal}.`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const { only, skipE2e } = parseArgs(process.argv.slice(2));
type Outcome = { step: Step; status: 'passed' | 'failed' | 'skipped' | 'not run'; ms: number };
const outcomes: Outcome[] = [];
let failure: string | undefined;
const started = Date.now();

/** The selected steps in order, those next to each other in one group batched to run together. */
const batches: Step[][] = [];
for (const step of steps) {
  const selected = only ? only.has(step.name) : !(skipE2e && step.name === 'e2e');
  if (!selected) {
    if (!only) outcomes.push({ step, status: 'skipped', ms: 0 });
    continue;
  }
  const last = batches.at(-1);
  if (step.group && last?.[0]?.group === step.group) last.push(step);
  else batches.push([step]);
}

function notRun(step: Step): Outcome {
  console.log(`\n=== ${step.name}: not run, as ${step.after} failed`);
  return { step, status: 'not run', ms: 0 };
}

async function runStep(step: Step, beside: boolean): Promise<Outcome> {
  console.log(`\n=== ${step.name}: ${step.title}${beside ? ' (output when done)' : ''}`);
  const t0 = Date.now();
  try {
    await besideOthers.run(beside, step.run);
    console.log(`=== ${step.name} passed in ${seconds(Date.now() - t0)}`);
    return { step, status: 'passed', ms: Date.now() - t0 };
  } catch (error) {
    console.error(error instanceof StepFailure ? error.message : error);
    failure ??= `${step.name}: ${(error as Error).message.split('\n')[0]}`;
    console.log(`=== ${step.name} FAILED in ${seconds(Date.now() - t0)}`);
    return { step, status: 'failed', ms: Date.now() - t0 };
  }
}

for (const batch of batches) {
  if (failure) {
    for (const step of batch) outcomes.push({ step, status: 'not run', ms: 0 });
    continue;
  }
  const ended = new Map<string, Promise<Outcome>>();
  for (const step of batch) {
    const before = step.after ? ended.get(step.after) : undefined;
    ended.set(
      step.name,
      before
        ? before.then((o) => (o.status === 'passed' ? runStep(step, true) : notRun(step)))
        : runStep(step, batch.length > 1),
    );
  }
  outcomes.push(...(await Promise.all(ended.values())));
}
outcomes.sort((a, b) => steps.indexOf(a.step) - steps.indexOf(b.step));

console.log('\nSummary');
for (const { step, status, ms } of outcomes) {
  const time = status === 'passed' || status === 'failed' ? seconds(ms) : '';
  console.log(`  ${status.padEnd(8)} ${step.name.padEnd(13)} ${time.padStart(7)}`);
}
console.log(`  total ${seconds(Date.now() - started)}`);
if (failure) console.log(`FAILED at ${failure}`);
else console.log('All selected steps passed.');
const passed = outcomes.filter((o) => o.status === 'passed').length;
const failed = outcomes.filter((o) => o.status === 'failed').length;
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failure ? 1 : 0;
