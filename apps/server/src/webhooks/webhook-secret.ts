// A site's webhook signing secret: made here, shown once, and stored only sealed under the server's
// key (security/sealed-secret.ts, decision 018), as integration keys' secrets are; opened to sign.
import { randomBytes } from 'node:crypto';
import { isSealed, openSecret, sealSecret } from '../security/sealed-secret.ts';
import type { EndpointRow } from './webhooks-repository.ts';

/** What a delivery is signed with: the current secret, and the previous one while it overlaps. */
export interface SigningSecrets {
  secretId: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/** Each seal is bound to its site's endpoint: a seal copied to another site's row does not open. */
const boundTo = (siteId: number) => `webhook:${siteId}`;

/** A new secret, its id for the x-backline-key header, and its seal for the endpoint's row. */
export function newWebhookSecret(serverKey: Buffer, siteId: number) {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return {
    secretId: `whk_${randomBytes(6).toString('hex')}`,
    secret,
    sealed: sealSecret(serverKey, boundTo(siteId), secret),
  };
}

/** The row's secrets opened; null when the current one does not open under this server key. */
export function openWebhookSecrets(serverKey: Buffer, row: EndpointRow): SigningSecrets | null {
  const secret = openSecret(serverKey, boundTo(row.siteId), row.secret);
  if (secret === null) return null;
  const previous = row.previousSecret
    ? openSecret(serverKey, boundTo(row.siteId), row.previousSecret)
    : null;
  return {
    secretId: row.secretId,
    secret,
    previousSecret: previous,
    previousSecretUntil: previous === null ? null : row.previousSecretUntil,
  };
}

/**
 * A row's secrets as they must be stored: sealed. Rows written before secrets were sealed
 * (migration 0020's) hold them in the clear; null when the row is sealed already.
 */
export function sealedRow(
  serverKey: Buffer,
  row: EndpointRow,
): Pick<EndpointRow, 'secret' | 'previousSecret'> | null {
  const seal = (value: string) =>
    isSealed(value) ? value : sealSecret(serverKey, boundTo(row.siteId), value);
  if (isSealed(row.secret) && (row.previousSecret === null || isSealed(row.previousSecret)))
    return null;
  return {
    secret: seal(row.secret),
    previousSecret: row.previousSecret === null ? null : seal(row.previousSecret),
  };
}
