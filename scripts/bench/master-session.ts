// The bench's callers signed in over HTTP, with the CSRF cookie a browser would hold and the
// Authorization header to act for any agent below them: MASTER of site 1, or any agent of the book
// (the load section gives each virtual user its own desk's and master's sessions).
import { request, type Dispatcher } from 'undici';
import { api, authorizationHeader, DEFAULT_BASES } from '@backline/contract';
import { DEMO_PASSWORDS } from '../../apps/server/src/seed/demo-logins.ts';

export interface Session {
  csrf: string;
  /** The Authorization header acting for `actAs` (0: the signed-in agent itself). */
  header: (actAs: number) => string;
}

/** MASTER's session; the name older callers know. */
export type MasterSession = Session;

export interface Account {
  login: string;
  password: string;
  siteId: number;
}

export const MASTER: Account = { login: 'MASTER', password: DEMO_PASSWORDS.master, siteId: 1 };

/** A new CSRF cookie, as the browser gets it with its first page. */
export async function csrfCookie(address: string, dispatcher?: Dispatcher): Promise<string> {
  const res = await request(`${address}/healthz`, { ...(dispatcher && { dispatcher }) });
  await res.body.dump();
  const cookies = [res.headers['set-cookie'] ?? []].flat().join('; ');
  const csrf = /bl_csrf=([^;]+)/.exec(cookies)?.[1];
  if (!csrf) throw new Error('no CSRF cookie from /healthz');
  return csrf;
}

/**
 * One log-in: one POST with the CSRF cookie the caller already holds. Resolves to the status and,
 * when it is 200, the session it opened.
 */
export async function logIn(
  address: string,
  account: Account,
  csrf: string,
  via: { dispatcher?: Dispatcher | undefined; signal?: AbortSignal } = {},
): Promise<{ status: number; session?: Session; error?: string }> {
  const { dispatcher, signal } = via;
  const res = await request(`${address}${DEFAULT_BASES.core}${api.login.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      cookie: `bl_csrf=${csrf}`,
    },
    body: JSON.stringify({
      Player: account.login,
      Password: account.password,
      SiteId: account.siteId,
    }),
    ...(dispatcher && { dispatcher }),
    ...(signal && { signal }),
  });
  if (res.statusCode !== 200) return { status: res.statusCode, error: await res.body.text() };
  const session = (await res.body.json()) as { UserEmail: string; Token: string };
  return {
    status: 200,
    session: {
      csrf,
      header: (actAs) =>
        authorizationHeader({
          kind: 'agentSite',
          email: session.UserEmail,
          token: session.Token,
          actAs,
          siteId: account.siteId,
        }),
    },
  };
}

/** Fetches a CSRF cookie, then signs `account` in; throws when it cannot. */
export async function signIn(
  address: string,
  account: Account,
  dispatcher?: Dispatcher,
): Promise<Session> {
  const csrf = await csrfCookie(address, dispatcher);
  const { status, session, error } = await logIn(address, account, csrf, { dispatcher });
  if (!session) throw new Error(`${account.login} could not sign in: ${status} ${error}`);
  return session;
}

export const signInAsMaster = (address: string): Promise<MasterSession> => signIn(address, MASTER);
