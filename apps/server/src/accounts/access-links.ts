// One-time links that sign an account in (to choose its password), built on an origin the site allows.
import type { Executor } from '../db/query.ts';
import { ValidationError } from '../errors.ts';
import { newToken, sha256 } from '../security/tokens.ts';
import { findSite } from '../sign-up/sign-up-repository.ts';
import { insertLoginToken, useUpLoginTokens } from './accounts-repository.ts';

export const ACCESS_LINK_HOURS = 48;

/** An origin pattern of sites.allowed_origins ("http://localhost:*" allows any port) against an origin. */
export function originAllowed(pattern: string, origin: string): boolean {
  const m = /^(https?):\/\/([^:/]+)(?::(\d{1,5}|\*))?$/i.exec(pattern.trim());
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (!m) return false;
  const [, scheme, host, port] = m;
  if (`${scheme!.toLowerCase()}:` !== url.protocol) return false;
  if (host!.toLowerCase() !== url.hostname.toLowerCase()) return false;
  if (port === '*') return true;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return (port ?? defaultPort) === (url.port || defaultPort);
}

/** The origin of `currentURL` when the site allows it; otherwise a 400 naming the field. */
export async function allowedOriginOf(
  ex: Executor,
  siteId: number,
  currentURL: string,
  field = 'currentURL',
): Promise<string> {
  let origin: string;
  try {
    origin = new URL(currentURL).origin;
  } catch {
    throw new ValidationError('url_invalid', { field });
  }
  const site = await findSite(ex, siteId);
  if (!site?.allowedOrigins.some((p) => originAllowed(p, origin))) {
    throw new ValidationError('origin_not_allowed', { field });
  }
  return origin;
}

/**
 * A link to the log-in screen carrying a one-time log-in token in the fragment: a fragment never
 * reaches a server, so the token stays out of request lines and logs. Only the token's hash is stored.
 */
export async function issueAccessLink(
  ex: Executor,
  input: { siteId: number; login: string; origin: string; now: Date },
): Promise<string> {
  const token = newToken();
  await insertLoginToken(ex, {
    tokenHash: sha256(token),
    siteId: input.siteId,
    login: input.login,
    expiresAt: new Date(input.now.getTime() + ACCESS_LINK_HOURS * 3_600_000),
  });
  const fragment = new URLSearchParams({
    SiteId: String(input.siteId),
    Player: input.login,
    Token: token,
  });
  return `${input.origin}/login?SiteId=${input.siteId}#${fragment.toString()}`;
}

/** Unused links of an account die when a newer one is sent. */
export async function revokeAccessLinks(
  ex: Executor,
  siteId: number,
  login: string,
  now: Date,
): Promise<void> {
  await useUpLoginTokens(ex, { siteId, login }, now);
}
