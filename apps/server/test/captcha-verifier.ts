// The captcha provider's siteverify on loopback, as both providers speak it: form-encoded, answers
// { success }, a success when the secret is the site's and the token is 'solved'.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { api } from '@backline/contract';
import { call, refused, type Caller } from './helpers.ts';

export interface CaptchaVerifier {
  url: string;
  /** Every form the verifier was sent, in order. */
  asked: URLSearchParams[];
  close: () => void;
}

export async function startCaptchaVerifier(secret: string): Promise<CaptchaVerifier> {
  const asked: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      asked.push(form);
      const success = form.get('secret') === secret && form.get('response') === 'solved';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, asked, close: () => server.close() };
}

/** A sign-up with no token and one with a token the verifier turns down: each refused by its code. */
export async function expectTokensRefused(
  app: FastifyInstance,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<void> {
  refused(await call(app, api.insertAgentSignUp, caller, { body }), 400, 'captcha_required');
  const wrong = { ...body, CaptchaToken: 'robot' };
  refused(await call(app, api.insertAgentSignUp, caller, { body: wrong }), 400, 'captcha_failed');
}
