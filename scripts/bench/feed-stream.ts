// From an event the feed accepted to the agent's open notification stream (issue 15 item 8): the
// stream opened as the web opens it (a ticket, then text/event-stream) for the players' agent,
// events sent at a fixed rate whatever the answers, and each `feed` event matched to its send.
import { api, DEFAULT_BASES } from '@backline/contract';
import type { MasterSession } from './master-session.ts';
import { percentile } from './measure.ts';
import type { FeedClient } from './feed-client.ts';

export interface StreamDelayOptions<P extends object> {
  base: string;
  session: MasterSession;
  /** The agent whose stream is opened: its players' events are sent. */
  agentId: number;
  client: FeedClient;
  /** A new wager.placed event, and a wager.graded event for a wager the feed named. */
  place: () => P;
  grade: (placed: P) => object;
  rate: number;
  seconds: number;
  /** How long to wait for the stream after the last answer. */
  drainMs?: number;
}

export interface StreamDelay<P extends object> {
  sent: number;
  failed: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** Events sent more than 100 ms after their turn: the sender fell behind the rate. */
  late: number;
  /** The placed events whose wagers are not graded yet: the caller grades them. */
  ungraded: P[];
}

/** Opens the agent's stream; calls `onFeed(type, wagerId)` per `feed` event, at its arrival. */
async function openStream<P extends object>(
  o: StreamDelayOptions<P>,
  onFeed: (type: string, wagerId: number | null) => void,
): Promise<AbortController> {
  const res = await fetch(`${o.base}${DEFAULT_BASES.reports}${api.notificationStreamTicket.path}`, {
    method: 'POST',
    headers: {
      authorization: o.session.header(o.agentId),
      'content-type': 'application/json',
      'x-csrf-token': o.session.csrf,
      cookie: `bl_csrf=${o.session.csrf}`,
    },
    body: '{}',
  });
  if (!res.ok) throw new Error(`stream ticket: ${res.status} ${await res.text()}`);
  const { Ticket } = (await res.json()) as { Ticket: string };
  const abort = new AbortController();
  const qs = new URLSearchParams({ ticket: Ticket });
  const stream = await fetch(
    `${o.base}${DEFAULT_BASES.reports}${api.notificationStream.path}?${qs}`,
    { headers: { accept: 'text/event-stream' }, signal: abort.signal },
  );
  if (!stream.ok || !stream.body) throw new Error(`stream: ${stream.status}`);
  const { promise: open, resolve: opened, reject: failed } = Promise.withResolvers<void>();
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of stream.body!) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          // The first `count` says the stream is subscribed.
          if (event === 'count') opened();
          if (event !== 'feed' || !data) continue;
          const feed = JSON.parse(data) as { Type: string; IdWager: number | null };
          onFeed(feed.Type, feed.IdWager);
        }
      }
      failed(new Error('the stream ended'));
    } catch (error) {
      if (!abort.signal.aborted) failed(error);
    }
  })();
  const timeout = setTimeout(() => failed(new Error('no count event within 10 s')), 10_000);
  await open.finally(() => clearTimeout(timeout));
  return abort;
}

export async function measureStreamDelay<P extends object>(
  o: StreamDelayOptions<P>,
): Promise<StreamDelay<P>> {
  const arrived = new Map<string, number>();
  const sentAt = new Map<string, number>();
  const abort = await openStream(o, (type, wagerId) =>
    arrived.set(`${type}:${wagerId}`, performance.now()),
  );
  const toGrade: { event: P; wagerId: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  let failed = 0;
  let late = 0;
  const total = Math.round(o.rate * o.seconds);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const turn = started + (i * 1000) / o.rate;
    const wait = turn - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -100) late++;
    const graded = toGrade.shift();
    const placed = graded ? null : o.place();
    const event = graded ? o.grade(graded.event) : placed!;
    const at = performance.now();
    const sent = o.client
      .event(event)
      .then(({ status, body }) => {
        if (status !== 200) return void failed++;
        const wagerId = Number(body.Effect.IdWager);
        if (graded) sentAt.set(`wager.graded:${wagerId}`, at);
        else {
          sentAt.set(`wager.placed:${wagerId}`, at);
          toGrade.push({ event: placed!, wagerId });
        }
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }
  while (inFlight.size > 0) await Promise.all(inFlight);
  const until = performance.now() + (o.drainMs ?? 5000);
  while (performance.now() < until && [...sentAt.keys()].some((k) => !arrived.has(k)))
    await new Promise((r) => setTimeout(r, 20));
  abort.abort();
  // An event that never arrived counts as late beyond any target, so it cannot flatter the p99.
  const delays = [...sentAt]
    .map(([k, at]) => (arrived.has(k) ? arrived.get(k)! - at : Number.POSITIVE_INFINITY))
    .sort((a, b) => a - b);
  return {
    sent: total,
    failed,
    received: [...sentAt.keys()].filter((k) => arrived.has(k)).length,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays.findLast((d) => Number.isFinite(d)) ?? Number.NaN,
    late,
    ungraded: toGrade.map((g) => g.event),
  };
}
