import type { FastifyInstance, FastifyReply } from 'fastify';
import { api, SITE_KEY_HEADER, type LoginResponse } from '@backline/contract';
import type { Config } from '../config.ts';
import { crossSiteCookie } from '../plugins/csrf.ts';
import { route, urlOf } from '../http/route.ts';
import type { AuthService } from './auth-service.ts';

/**
 * The session token for a frame whose browser blocks third-party storage: HttpOnly, so no script
 * reads it, Partitioned (CHIPS), so the browser keeps it under the embedding site where it blocks
 * every unpartitioned cookie, and sent only to ResumeSession.
 */
export const SESSION_COOKIE = 'bl_session';

/** The session cookie's options: HttpOnly, Partitioned, sent only to ResumeSession. */
function sessionCookieOf(config: Config) {
  return { ...crossSiteCookie, httpOnly: true, path: urlOf(config, api.resumeSession) };
}

/**
 * Answers a new session, kept in the partitioned cookie when the log-in asked for it (KeepInCookie):
 * every call that opens a session (a log-in, its second step, a passkey) answers through it.
 */
export function sessionKeeper(config: Config) {
  const sessionCookie = sessionCookieOf(config);
  return <S extends LoginResponse>(
    reply: FastifyReply,
    wanted: boolean | undefined,
    session: S,
  ) => {
    if (wanted) {
      // A lifetime, not an end date: the browser measures it on its own clock, which need not
      // read what the app's clock does (a fixed NOW).
      reply.setCookie(SESSION_COOKIE, session.Token, {
        ...sessionCookie,
        maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
      });
    }
    return session;
  };
}

export function authRoutes(app: FastifyInstance, config: Config, auth: AuthService): void {
  const sessionCookie = sessionCookieOf(config);
  const keep = sessionKeeper(config);

  route(app, config, api.login, async ({ body, request, reply }) => {
    const answer = await auth.login(body, request.ip, String(request.id));
    // A second step still owed opens no session yet: its call keeps the cookie (second-step-routes).
    return 'SecondStep' in answer ? answer : keep(reply, body.KeepInCookie, answer);
  });
  route(app, config, api.setPasswordByLink, async ({ body, request, reply }) => {
    const answer = await auth.setPasswordByLink(body, request.ip, String(request.id));
    return 'SecondStep' in answer ? answer : keep(reply, body.KeepInCookie, answer);
  });
  route(app, config, api.resumeSession, async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await auth.resume(token) : null;
    if (token && !session) reply.clearCookie(SESSION_COOKIE, sessionCookie);
    return { Session: session };
  });
  route(app, config, api.agentLogin, ({ auth: caller }) => auth.agentLogin(caller));
  route(app, config, api.issueLoginToken, ({ body, request }) => {
    const key = request.headers[SITE_KEY_HEADER];
    return auth.issueLoginToken(body, typeof key === 'string' ? key : '', request.ip);
  });
  route(app, config, api.keepAlive, ({ auth: caller }) => auth.keepAlive(caller));
  route(app, config, api.logout, async ({ auth: caller, reply }) => {
    await auth.logout(caller);
    // The cookie goes only to ResumeSession, so whether this browser holds one is not known here.
    reply.clearCookie(SESSION_COOKIE, sessionCookie);
    return { Ok: true as const };
  });
}
