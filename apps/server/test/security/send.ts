// Sends one contract call the way a browser would (Token, CSRF cookie and header), through inject;
// a streamed answer (events, a file) goes over a real socket and is dropped once its head arrived.
import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@backline/contract';
import { urlOf, type Caller } from '../helpers.ts';
import { answersWithStream } from './contract-walk.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const listening = new WeakMap<FastifyInstance, Promise<string>>();

function baseOf(app: FastifyInstance): Promise<string> {
  let base = listening.get(app);
  if (!base) {
    base = app.listen({ port: 0, host: '127.0.0.1' });
    listening.set(app, base);
  }
  return base;
}

/**
 * One request on its own connection (no keep-alive pool), answered once its head has arrived; an
 * error answer is read whole. Dropping the socket ends a stream the way a closed tab does.
 */
function overSocket(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Answer> {
  const payload = method === 'GET' ? undefined : JSON.stringify(body ?? {});
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (res) => {
        const answer = { status: res.statusCode ?? 0, headers: res.headers, body: '' };
        if (answer.status < 300) {
          res.destroy();
          return resolve(answer);
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer.body += chunk));
        res.on('end', () => resolve(answer));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export function headersOf(e: Endpoint, caller: Caller | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (caller?.authorization) headers.authorization = caller.authorization;
  if (caller && e.method !== 'GET') {
    headers['x-csrf-token'] = caller.csrf;
    headers.cookie = `bl_csrf=${caller.csrf}`;
  }
  return headers;
}

export async function send(
  app: FastifyInstance,
  e: Endpoint,
  caller: Caller | null,
  input: { query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = headersOf(e, caller, input.headers);
  const url = urlOf(e, input.query);
  if (answersWithStream(e))
    return overSocket(await baseOf(app), e.method, url, headers, input.body);
  const res = await app.inject({
    method: e.method,
    url,
    headers: e.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    remoteAddress: caller?.ip ?? '127.0.0.1',
    ...(e.method === 'GET' ? {} : { payload: JSON.stringify(input.body ?? {}) }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}
