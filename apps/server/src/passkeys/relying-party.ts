// The relying party, beyond what the WebAuthn library takes: the page's origin is matched against
// patterns (a port may be *, as sites.allowed_origins), a ceremony inside a cross-origin frame is
// taken only when the top page is one of the site's allowed origins, and credentials are described
// to the browser with the transports it knows.
import { PASSKEY_TRANSPORTS, type PasskeyTransport } from '@backline/contract';
import { originAllowed } from '../accounts/access-links.ts';
import { findSite } from '../auth/auth-repository.ts';
import type { Executor } from '../db/query.ts';
import type { PasskeyDbRow } from './passkeys-repository.ts';

/** How long the browser waits for the authenticator (a challenge lives as long as its step). */
export const CEREMONY_TIMEOUT_MS = 120_000;

/**
 * The key algorithms taken (COSE ids: EdDSA, ES256, RS256), named so that the library does not
 * probe the runtime for post-quantum ones, which Node announces with an experimental warning.
 */
export const KEY_ALGORITHMS = [-8, -7, -257];

export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** Patterns of the origins Backline's page is served from. */
  origins: readonly string[];
}

export interface CeremonyOrigin {
  origin: string;
  /** The top page's origin when the ceremony ran in a cross-origin frame and the browser said so. */
  topOrigin: string | undefined;
}

/** The origins the browser wrote in clientDataJSON (base64url); null when it cannot be read. */
export function ceremonyOrigin(clientDataJSON: string): CeremonyOrigin | null {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { origin, crossOrigin, topOrigin } = data as Record<string, unknown>;
  if (typeof origin !== 'string') return null;
  return {
    origin,
    topOrigin: crossOrigin === true && typeof topOrigin === 'string' ? topOrigin : undefined,
  };
}

/**
 * The origins to hand the library when the page is Backline's and any framing page is one the
 * site allows; null when either is not.
 */
export function acceptedOrigin(
  rp: RelyingParty,
  clientDataJSON: string,
  siteOrigins: readonly string[],
): CeremonyOrigin | null {
  const seen = ceremonyOrigin(clientDataJSON);
  if (!seen || !rp.origins.some((p) => originAllowed(p, seen.origin))) return null;
  if (seen.topOrigin !== undefined && !siteOrigins.some((p) => originAllowed(p, seen.topOrigin!))) {
    return null;
  }
  return seen;
}

/** The origins to verify a ceremony of a site's agent against, or null when they are not allowed. */
export async function originsFor(
  ex: Executor,
  rp: RelyingParty,
  siteId: number,
  clientDataJSON: string,
): Promise<CeremonyOrigin | null> {
  const site = await findSite(ex, siteId);
  return acceptedOrigin(rp, clientDataJSON, site?.allowedOrigins ?? []);
}

/** The transports stored for a passkey and offered back to the browser: the known ones only. */
export function knownTransports(values: readonly string[] | undefined): PasskeyTransport[] {
  return (values ?? []).filter((t): t is PasskeyTransport =>
    (PASSKEY_TRANSPORTS as readonly string[]).includes(t),
  );
}

/** A passkey as the browser is told of it (to exclude, or to allow). */
export const descriptor = (row: PasskeyDbRow) => ({
  type: 'public-key' as const,
  id: row.credential_id,
  transports: knownTransports(row.transports),
});
