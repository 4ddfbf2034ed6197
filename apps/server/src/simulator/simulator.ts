// A platform to try the feed with (issue 15 item 9): it plays a small sportsbook and casino at a
// steady rate through the signed feed only. Games open with lines and close with scores; players
// bet straights and parlays (asking the accept check first, as a platform does), wagers are graded
// leg by leg from the final score, now and then voided or regraded; casino, horses and rbl
// sessions close with a result; players pay in when their credit runs out.
import type { GradeResult } from '@backline/contract';
import { FeedRefusal, type FeedClient } from './feed-client.ts';
import {
  closingOf,
  finalScore,
  gradeLeg,
  legOn,
  newGame,
  pick,
  seededRandom,
  toWinOf,
  wagerResult,
  type Game,
  type Leg,
} from './simulated-book.ts';

export interface SimulatorOptions {
  client: FeedClient;
  /** The platform's clock: its events' time. */
  now: () => Date;
  /** Events per second. */
  rate: number;
  /** Stop after this many events, or this many seconds (unbounded when neither). */
  maxEvents?: number | undefined;
  seconds?: number | undefined;
  /** The players to bet with; without them, `newPlayers` are created under `agent`. */
  players?: readonly string[] | undefined;
  agent?: string | undefined;
  newPlayers?: number | undefined;
  /** Logins of created players: prefix + n. */
  prefix?: string | undefined;
  seed?: number | undefined;
  /** Where progress lines go, every `progressMs`. */
  log?: ((line: string) => void) | undefined;
  progressMs?: number | undefined;
}

export interface SimulatorReport {
  seconds: number;
  events: { sent: number; applied: number; duplicate: number; refused: Record<string, number> };
  players: string[];
  games: { created: number; final: number };
  wagers: {
    placed: number;
    straight: number;
    parlay: number;
    graded: Record<GradeResult, number>;
    regraded: number;
    voided: number;
    /** Not sent: the accept check said no. */
    declined: Record<string, number>;
  };
  results: { casino: number; horses: number; rbl: number };
  payments: number;
}

interface OpenWager {
  ref: string;
  player: string;
  legs: Leg[];
  /** Its grade is queued: no void may overtake it. */
  grading: boolean;
}

interface Outgoing {
  event: { Type: string; Data: object };
  applied?: (effect: Record<string, unknown>) => void;
}

/** Consecutive failures (no answer, or a 5xx) after which the run gives up. */
const FAILURES_MAX = 10;
const OPEN_GAMES = 4;
const OPEN_WAGERS_MAX = 200;
const RECENT_GRADED = 50;
const CREDIT_LIMIT = 500_000;

export function createSimulator(o: SimulatorOptions) {
  const random = seededRandom(o.seed ?? Date.now());
  const run = Math.floor(random() * 36 ** 6).toString(36);
  const queue: Outgoing[] = [];
  const games = new Map<string, Game>();
  const open = new Map<string, OpenWager>();
  const graded: { ref: string; result: GradeResult }[] = [];
  let players: string[] = [...(o.players ?? [])];
  let seq = 0;
  let stopped = false;
  let wake: (() => void) | null = null;
  const startedAt = Date.now();
  const report: SimulatorReport = {
    seconds: 0,
    events: { sent: 0, applied: 0, duplicate: 0, refused: {} },
    players,
    games: { created: 0, final: 0 },
    wagers: {
      placed: 0,
      straight: 0,
      parlay: 0,
      graded: { win: 0, loss: 0, push: 0, noaction: 0 },
      regraded: 0,
      voided: 0,
      declined: {},
    },
    results: { casino: 0, horses: 0, rbl: 0 },
    payments: 0,
  };
  const bump = (counts: Record<string, number>, key: string) =>
    (counts[key] = (counts[key] ?? 0) + 1);
  const id = (what: string) => `sim-${run}-${what}-${++seq}`;

  async function send(out: Outgoing): Promise<void> {
    const event = { EventId: id('e'), OccurredAt: o.now().toISOString(), ...out.event };
    report.events.sent += 1;
    try {
      const answer = await o.client.send(event);
      if (answer.Outcome === 'duplicate') report.events.duplicate += 1;
      else report.events.applied += 1;
      out.applied?.(answer.Effect);
    } catch (error) {
      if (!(error instanceof FeedRefusal) || error.status === 401 || error.status >= 500)
        throw error;
      bump(report.events.refused, error.code);
    }
  }

  function createGame(): Outgoing {
    const game = newGame(random, id('g'));
    const startsAt = new Date(o.now().getTime() + (1 + Math.floor(random() * 3)) * 3_600_000);
    return {
      event: {
        Type: 'game.created',
        Data: {
          Game: game.ref,
          Sport: game.sport,
          League: game.league,
          Home: game.home,
          Away: game.away,
          StartsAt: startsAt.toISOString(),
        },
      },
      applied: () => {
        games.set(game.ref, game);
        report.games.created += 1;
      },
    };
  }

  async function placeWager(): Promise<Outgoing | null> {
    const live = [...games.values()].filter((g) => !g.final);
    if (live.length === 0 || players.length === 0) return null;
    const parlay = live.length >= 2 && random() < 0.25;
    const chosen = parlay
      ? [...live]
          .sort(() => random() - 0.5)
          .slice(0, 2 + Math.floor(random() * Math.min(2, live.length - 1)))
      : [pick(random, live)];
    const legs = chosen.map((g) => legOn(random, g));
    const risk = pick(
      random,
      parlay ? [1_000, 2_000, 2_500, 5_000] : [1_100, 2_200, 5_500, 11_000, 22_000],
    );
    const player = pick(random, players);
    const wager = {
      Player: player,
      WagerType: parlay ? 'parlay' : 'straight',
      Risk: risk,
      ToWin: toWinOf(risk, legs),
    };
    try {
      const check = await o.client.check({ ...wager, Games: legs.map((l) => l.game) });
      if (!check.Accept) {
        bump(report.wagers.declined, check.Reason ?? 'refused');
        // Out of credit: the player settles up, as players of a credit book do.
        return check.Reason === 'insufficient_credit' ? payment(player, CREDIT_LIMIT / 2) : null;
      }
    } catch (error) {
      // The same check twice in one second is not sent again: placing applies the rule anyway.
      if (!(error instanceof FeedRefusal) || error.code !== 'not_sent') throw error;
    }
    const ref = id('w');
    return {
      event: {
        Type: 'wager.placed',
        Data: {
          ...wager,
          Wager: ref,
          Legs: legs.map((l) => ({
            Game: l.game,
            Market: l.market,
            Selection: l.selection,
            Line: l.line,
            Odds: l.odds,
          })),
        },
      },
      applied: () => {
        open.set(ref, { ref, player, legs, grading: false });
        for (const g of chosen) g.action += 1;
        report.wagers.placed += 1;
        report.wagers[parlay ? 'parlay' : 'straight'] += 1;
      },
    };
  }

  function gradeReady(): void {
    for (const w of open.values()) {
      if (w.grading) continue;
      const scores = w.legs.map((l) => games.get(l.game)?.final ?? null);
      if (scores.some((s) => s === null)) continue;
      w.grading = true;
      const results = w.legs.map((l, i) => gradeLeg(l, scores[i]!));
      const result = wagerResult(results);
      queue.push({
        event: {
          Type: 'wager.graded',
          Data: {
            Wager: w.ref,
            Result: result,
            Legs: w.legs.map((l, i) => {
              const close = closingOf(random, l);
              return { Result: results[i], ClosingLine: close.line, ClosingOdds: close.odds };
            }),
          },
        },
        applied: () => {
          open.delete(w.ref);
          report.wagers.graded[result] += 1;
          graded.push({ ref: w.ref, result });
          if (graded.length > RECENT_GRADED) graded.shift();
        },
      });
    }
  }

  function finishGame(): Outgoing | null {
    const live = [...games.values()].filter((g) => !g.final);
    if (live.length === 0) return null;
    const game = live.reduce((a, b) => (b.action > a.action ? b : a));
    const score = finalScore(random, game);
    return {
      event: {
        Type: 'game.final',
        Data: { Game: game.ref, HomeScore: score.home, AwayScore: score.away },
      },
      applied: () => {
        game.final = score;
        report.games.final += 1;
        gradeReady();
        // Games whose wagers are all graded are forgotten: the book stays bounded.
        for (const g of games.values())
          if (g.final && ![...open.values()].some((w) => w.legs.some((l) => l.game === g.ref)))
            games.delete(g.ref);
      },
    };
  }

  function productResult(): Outgoing | null {
    if (players.length === 0) return null;
    const product = pick(random, ['casino', 'casino', 'casino', 'horses', 'rbl'] as const);
    // Sessions lose a little more often than they win, as the house's edge has it.
    const amount = Math.round((random() - 0.55) * 20_000);
    return {
      event: {
        Type: 'product.result',
        Data: {
          Product: product,
          Player: pick(random, players),
          Amount: amount || -100,
          Reference: id('s'),
        },
      },
      applied: () => (report.results[product] += 1),
    };
  }

  function payment(player: string, amount: number): Outgoing {
    return {
      event: {
        Type: 'payment.posted',
        Data: {
          Player: player,
          Amount: amount,
          Method: pick(random, ['cash', 'bank', 'p2p'] as const),
          Note: 'Simulated',
        },
      },
      applied: () => (report.payments += 1),
    };
  }

  function voidWager(): Outgoing | null {
    const candidates = [...open.values()].filter((w) => !w.grading);
    if (candidates.length === 0) return null;
    const w = pick(random, candidates);
    w.grading = true;
    return {
      event: { Type: 'wager.voided', Data: { Wager: w.ref, Reason: 'Cancelled by the book' } },
      applied: () => {
        open.delete(w.ref);
        report.wagers.voided += 1;
      },
    };
  }

  function regrade(): Outgoing | null {
    const last = graded.at(-1 - Math.floor(random() * graded.length));
    if (!last || last.result === 'push') return null;
    const result: GradeResult = last.result === 'win' ? 'loss' : 'win';
    return {
      event: {
        Type: 'wager.regraded',
        Data: { Wager: last.ref, Result: result, Reason: 'Score corrected' },
      },
      applied: () => {
        last.result = result;
        report.wagers.regraded += 1;
      },
    };
  }

  /** The platform's next move. */
  async function next(): Promise<Outgoing | null> {
    const queued = queue.shift();
    if (queued) return queued;
    const live = [...games.values()].filter((g) => !g.final).length;
    if (live < OPEN_GAMES) return createGame();
    if (open.size > OPEN_WAGERS_MAX) return finishGame();
    const r = random();
    if (r < 0.6) return placeWager();
    if (r < 0.75) return productResult();
    if (r < 0.85) return finishGame();
    if (r < 0.92)
      return players.length
        ? payment(pick(random, players), pick(random, [-5_000, 10_000, 25_000]))
        : null;
    if (r < 0.97) return voidWager();
    return regrade();
  }

  async function setUpPlayers(): Promise<void> {
    if (players.length > 0) return;
    const agent = o.agent ?? 'AG1SUB';
    const made: string[] = [];
    for (let n = 1; n <= (o.newPlayers ?? 6); n++) {
      const login = `${o.prefix ?? 'SIM'}${n}`;
      report.events.sent += 1;
      try {
        await o.client.send({
          EventId: id('p'),
          OccurredAt: o.now().toISOString(),
          Type: 'player.created',
          Data: { Player: login, Agent: agent, Name: `Simulated ${n}`, CreditLimit: CREDIT_LIMIT },
        });
        report.events.applied += 1;
      } catch (error) {
        // Made by an earlier run: bet with it all the same.
        if (!(error instanceof FeedRefusal) || error.code !== 'login_taken') throw error;
        bump(report.events.refused, error.code);
      }
      made.push(login);
    }
    players = made;
    report.players = made;
    await logInPlayers(made);
  }

  /**
   * Each player signs in on the platform, which says so: the first two from one phone and one
   * address (a household, or one bettor with two accounts: what the shared-devices report finds).
   */
  async function logInPlayers(logins: readonly string[]): Promise<void> {
    for (const [i, login] of logins.entries()) {
      const shared = i < 2;
      report.events.sent += 1;
      await o.client.send({
        EventId: id('l'),
        OccurredAt: o.now().toISOString(),
        Type: 'player.login',
        Data: {
          Player: login,
          Ip: shared ? '203.0.113.7' : `203.0.113.${20 + i}`,
          Country: 'US',
          Device: shared ? `${o.prefix ?? 'SIM'}-phone-shared` : `${login}-phone`,
        },
      });
      report.events.applied += 1;
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  function progress(): string {
    const r = snapshot();
    const graded = Object.values(r.wagers.graded).reduce((a, b) => a + b, 0);
    return (
      `simulator: ${r.events.sent} events in ${r.seconds.toFixed(0)} s, ` +
      `${r.wagers.placed} wagers placed, ${graded} graded, ${r.wagers.voided} voided, ` +
      `${r.results.casino + r.results.horses + r.results.rbl} results, ${r.payments} payments`
    );
  }

  function snapshot(): SimulatorReport {
    return { ...report, seconds: (Date.now() - startedAt) / 1000 };
  }

  async function start(): Promise<SimulatorReport> {
    await setUpPlayers();
    const began = Date.now();
    let sent = 0;
    let failures = 0;
    let lastProgress = Date.now();
    const done = () =>
      stopped ||
      (o.maxEvents !== undefined && report.events.sent >= o.maxEvents) ||
      (o.seconds !== undefined && Date.now() - startedAt >= o.seconds * 1000);
    while (!done()) {
      const due = began + (sent / o.rate) * 1000;
      if (due > Date.now()) await sleep(due - Date.now());
      if (done()) break;
      try {
        const out = await next();
        if (out) {
          await send(out);
          sent += 1;
        }
        failures = 0;
      } catch (error) {
        if (error instanceof FeedRefusal && error.status === 401) throw error;
        failures += 1;
        if (failures >= FAILURES_MAX) throw error;
        await sleep(Math.min(5000, 200 * 2 ** failures));
      }
      if (o.log && Date.now() - lastProgress >= (o.progressMs ?? 10_000)) {
        lastProgress = Date.now();
        o.log(progress());
      }
    }
    return snapshot();
  }

  return {
    /** Runs until stopped or a bound is reached; rejects when the feed refuses the key. */
    run: start,
    /** Ends the run after the call in flight. */
    stop(): void {
      stopped = true;
      wake?.();
    },
    report: snapshot,
    progress,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;

/** The run's figures as lines to print. */
export function describeReport(r: SimulatorReport): string[] {
  const graded = r.wagers.graded;
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  return [
    `Simulated platform: ${r.events.sent} events in ${r.seconds.toFixed(1)} s ` +
      `(${(r.events.sent / Math.max(r.seconds, 0.001)).toFixed(1)}/s): ${r.events.applied} applied, ` +
      `${r.events.duplicate} duplicates, refused: ${list(r.events.refused)}`,
    `  players: ${r.players.join(', ')}`,
    `  games: ${r.games.created} created, ${r.games.final} final`,
    `  wagers: ${r.wagers.placed} placed (${r.wagers.straight} straight, ${r.wagers.parlay} parlays), ` +
      `graded ${graded.win} win / ${graded.loss} loss / ${graded.push} push, ` +
      `${r.wagers.regraded} regraded, ${r.wagers.voided} voided; declined by the check: ${list(r.wagers.declined)}`,
    `  results: casino ${r.results.casino}, horses ${r.results.horses}, rbl ${r.results.rbl}; payments ${r.payments}`,
  ];
}
