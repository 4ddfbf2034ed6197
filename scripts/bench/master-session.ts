// The bench's caller: MASTER of site 1 signed in over HTTP, with the CSRF cookie a browser would
// hold, and the Authorization header to act for any agent of the book.
import { api, authorizationHeader, DEFAULT_BASES } from '@backline/contract';

export interface MasterSession {
  csrf: string;
  /** The Authorization header acting for `actAs` (0: the master itself). */
  header: (actAs: number) => string;
}

export async function signInAsMaster(address: string): Promise<MasterSession> {
  const health = await fetch(`${address}/healthz`);
  await health.arrayBuffer();
  const csrf = /bl_csrf=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) throw new Error('no CSRF cookie from /healthz');
  const res = await fetch(`${address}${DEFAULT_BASES.core}${api.login.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      cookie: `bl_csrf=${csrf}`,
    },
    body: JSON.stringify({ Player: 'MASTER', Password: 'demo-master', SiteId: 1 }),
  });
  if (!res.ok) throw new Error(`MASTER could not sign in: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as { UserEmail: string; Token: string };
  return {
    csrf,
    header: (actAs) =>
      authorizationHeader({
        kind: 'agentSite',
        email: session.UserEmail,
        token: session.Token,
        actAs,
        siteId: 1,
      }),
  };
}
