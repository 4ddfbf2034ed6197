// Secrets the server must hold in the clear to use (an HMAC is computed with the secret itself:
// integration keys' and webhook signing secrets) are kept sealed at rest: AES-256-GCM under the
// server's PLATFORM_SECRET_KEY, each seal bound to what it belongs to (decision 018).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * `v1.<iv>.<tag>.<ciphertext>`, base64url, with a fresh 96-bit IV; `boundTo` (an integration key's
 * id, a site's webhook endpoint) is the associated data, so a seal moved to another row does not open.
 */
export function sealSecret(serverKey: Buffer, boundTo: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', serverKey, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return `${VERSION}.${parts.join('.')}`;
}

/** The secret, or null when the seal was made with another server key or binding, or altered. */
export function openSecret(serverKey: Buffer, boundTo: string, sealed: string): string | null {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', serverKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** Whether a stored value is a seal (of this format), rather than a secret stored before sealing. */
export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}
