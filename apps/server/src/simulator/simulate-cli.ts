// `npm run simulate -- --url http://localhost:8080 --key <key id> --secret <secret> --rate 20`:
// a platform that bets, grades and settles through the signed feed until Ctrl-C (or --events /
// --seconds), then prints what it did. Without --key it signs with the demo's documented key.
import { parseArgs } from 'node:util';
import { clockStartingAt } from '../clock.ts';
import { DEMO_KEY_ID, DEMO_KEY_SECRET } from '../platform/demo-key.ts';
import { createFeedClient } from './feed-client.ts';
import { createSimulator, describeReport } from './simulator.ts';

const USAGE = `Usage: npm run simulate -- [--url http://localhost:8080] [--key <key id> --secret <secret>]
  [--rate 20] [--events N] [--seconds S] [--players LOGIN,LOGIN | --agent AG1SUB --new-players 6 --prefix SIM]
  [--seed N] [--now <ISO instant: the server's NOW, when it runs on one>] [--base /api/platform/v1/]`;

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

async function main(): Promise<number> {
  const { values: a } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      key: { type: 'string' },
      secret: { type: 'string' },
      base: { type: 'string' },
      rate: { type: 'string', default: '20' },
      events: { type: 'string' },
      seconds: { type: 'string' },
      players: { type: 'string' },
      agent: { type: 'string' },
      'new-players': { type: 'string' },
      prefix: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (a.help) {
    console.log(USAGE);
    return 0;
  }
  if ((a.key === undefined) !== (a.secret === undefined))
    throw new Error('--key and --secret go together');
  const start = a.now === undefined ? undefined : new Date(a.now);
  if (start && Number.isNaN(start.getTime())) throw new Error('--now must be an ISO instant');
  const now = clockStartingAt(start);
  const client = createFeedClient({
    url: a.url,
    keyId: a.key ?? DEMO_KEY_ID,
    secret: a.secret ?? DEMO_KEY_SECRET,
    base: a.base,
    now,
  });
  const simulator = createSimulator({
    client,
    now,
    rate: positive('rate', a.rate)!,
    maxEvents: positive('events', a.events),
    seconds: positive('seconds', a.seconds),
    players: a.players
      ?.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    agent: a.agent,
    newPlayers: positive('new-players', a['new-players']),
    prefix: a.prefix,
    seed: a.seed === undefined ? undefined : Number(a.seed),
    log: (line) => console.log(line),
  });
  const stop = () => simulator.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Simulating a platform against ${a.url} at ${a.rate} events/s (Ctrl-C stops)`);
  try {
    await simulator.run();
    return 0;
  } catch (error) {
    console.error(`The simulator stopped: ${(error as Error).message}`);
    return 1;
  } finally {
    for (const line of describeReport(simulator.report())) console.log(line);
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  },
);
