// A platform's webhook receiver on loopback (node:http): checks each delivery's signature the way
// the platform would, answers 200, and keeps what arrived in order. It can be down (not listening).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DELIVERY_ID_HEADER, type WebhookDelivery } from '@backline/contract';
import { checkSignature, SIGNATURE_HEADER } from '../src/platform/signature.ts';

export interface Received {
  id: string;
  body: WebhookDelivery;
  signature: ReturnType<typeof checkSignature>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The secrets a delivery may be signed with (the site's, as the master was shown it). */
  secrets: string[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(now: () => Date): Promise<Receiver> {
  const received: Received[] = [];
  const secrets: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers[SIGNATURE_HEADER] as string | undefined;
      const seconds = Math.floor(now().getTime() / 1000);
      const checks = secrets.map((s) => checkSignature(s, header, raw, seconds));
      received.push({
        id: String(req.headers[DELIVERY_ID_HEADER]),
        body: JSON.parse(raw.toString('utf8')) as WebhookDelivery,
        signature: checks.includes('ok') ? 'ok' : (checks[0] ?? 'mismatch'),
      });
      res.writeHead(checks.includes('ok') ? 200 : 401).end();
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks/backline`,
    received,
    secrets,
    down: close,
    up: () => listen(port),
    close: async () => {
      if (server.listening) await close();
    },
  };
}
