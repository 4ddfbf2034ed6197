// Every refusal carries a code of the contract's list with structured parameters, so the web app
// words it in the reader's language; the English message names no internal field.
import { describe, expect, it } from 'vitest';
import { api, ERROR_CODES, ErrorBody } from '@backline/contract';
import { anonymous, call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp({ LOGIN_LIMIT_PER_ADDRESS: '3' });

/** An identifier as code spells it: `NewPassword`, `idPlayer`, `CaptchaToken`. */
const INTERNAL_NAME = /\b(?:[a-z]+[A-Z]|[A-Z][a-z]+[A-Z])\w*/;

function refusal(res: { statusCode: number; json: () => unknown }) {
  const body = ErrorBody.parse(res.json());
  expect(ERROR_CODES).toContain(body.Code);
  expect(body.StatusCode).toBe(res.statusCode);
  expect(body.Message).not.toMatch(INTERNAL_NAME);
  return body;
}

describe('error codes', () => {
  it('names a schema refusal by its field path in Params, never in the message', async () => {
    const anon = await anonymous(ctx.app);
    const missing = await call(ctx.app, api.login, anon, {
      body: { Player: 'MASTER', Password: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(refusal(missing)).toMatchObject({ Code: 'field_required', Params: { field: 'SiteId' } });

    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const bad = await call(ctx.app, api.getGradedBetsReport, sub, {
      query: { startDate: '2026-11-15', endDate: '2026-11-09' },
    });
    expect(bad.statusCode).toBe(400);
    expect(refusal(bad)).toMatchObject({ Code: 'invalid_field', Params: { field: 'endDate' } });
  });

  it('gives a service refusal its own code, with the field and values as parameters', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const common = await call(ctx.app, api.changeAgentsPassword, ag1, {
      body: { IdAgent: await idOf(ctx.database, 'agents', 'AG1SUB'), NewPassword: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    const body = refusal(common);
    expect(body).toMatchObject({ Code: 'password_common', Params: { field: 'NewPassword' } });
    expect(body.Message).toBe(
      'The new password is one of the most common passwords; choose another',
    );

    const none = await call(ctx.app, api.getWagerGameScore, ag1, {
      query: { idWager: 2_000_000_000 },
    });
    expect(none.statusCode).toBe(404);
    expect(refusal(none)).toMatchObject({
      Code: 'wager_not_found',
      Params: { wager: 2_000_000_000 },
    });
  });

  it('says how long to wait as a number of seconds', async () => {
    const anon = await anonymous(ctx.app, '10.9.0.1');
    let last = await call(ctx.app, api.login, anon, {
      body: { Player: 'NOBODY', Password: 'wrong-guess', SiteId: 1 },
    });
    for (let i = 0; i < 3 && last.statusCode !== 429; i++) {
      last = await call(ctx.app, api.login, anon, {
        body: { Player: 'NOBODY', Password: 'wrong-guess', SiteId: 1 },
      });
    }
    expect(last.statusCode).toBe(429);
    const body = refusal(last);
    expect(body.Code).toBe('too_many_attempts');
    expect(body.Params.seconds).toBe(Number(last.headers['retry-after']));
  });

  it('answers no session, no right and no route with their codes', async () => {
    const noSession = await call(ctx.app, api.weeklyBalance, await anonymous(ctx.app));
    expect(refusal(noSession).Code).toBe('unauthorized');
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    const notAgent = await call(ctx.app, api.weeklyBalance, player);
    expect(notAgent.statusCode).toBe(403);
    expect(refusal(notAgent).Code).toBe('agents_only');
    const route = await ctx.app.inject({ method: 'GET', url: '/api/core/NoSuchCall' });
    expect(route.statusCode).toBe(404);
    expect(ErrorBody.parse(route.json()).Code).toBe('not_found');
  });
});
