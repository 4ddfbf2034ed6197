// `npm start`'s platform: the simulator, in the server's process once it listens, signing with the
// demo's documented key at a gentle rate, so the demo book moves while someone looks at it. It is
// still a client of the feed over HTTP on loopback, as the command's is.
import type { Clock } from '../clock.ts';
import { DEMO_KEY_ID, DEMO_KEY_SECRET } from '../platform/demo-key.ts';
import { createFeedClient } from './feed-client.ts';
import { createSimulator, describeReport } from './simulator.ts';

export function startDemoSimulation(o: {
  /** Where the server listens, as its clients reach it. */
  url: string;
  base: string;
  rate: number;
  now: Clock;
}): { stop(): Promise<void> } {
  const simulator = createSimulator({
    client: createFeedClient({
      url: o.url,
      keyId: DEMO_KEY_ID,
      secret: DEMO_KEY_SECRET,
      base: o.base,
      now: o.now,
    }),
    now: o.now,
    rate: o.rate,
    agent: 'AG1SUB',
    log: (line) => console.log(line),
    progressMs: 60_000,
  });
  console.log(
    `Simulated platform: players SIM1..SIM6 under AG1SUB bet through the feed at ${o.rate} ` +
      'event/s (SIMULATE=false turns it off; npm run simulate runs another)',
  );
  const done = simulator.run().then(
    () => undefined,
    (error: Error) => console.warn(`The simulated platform stopped: ${error.message}`),
  );
  return {
    async stop() {
      simulator.stop();
      await done;
      for (const line of describeReport(simulator.report())) console.log(line);
    },
  };
}
