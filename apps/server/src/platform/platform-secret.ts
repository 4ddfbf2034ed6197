// An integration key's secret: random, shown once, and kept sealed (AES-256-GCM under the server's
// PLATFORM_SECRET_KEY), because an HMAC is checked with the secret itself (decision 018).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The public half, sent in x-backline-key. */
export function newKeyId(): string {
  return `bk_${randomBytes(12).toString('hex')}`;
}

/** 256 random bits. */
export function newSecret(): string {
  return `bs_${randomBytes(32).toString('base64url')}`;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; the key id is bound in as associated data. */
export function sealSecret(serverKey: Buffer, keyId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', serverKey, iv);
  cipher.setAAD(Buffer.from(keyId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return `v1.${parts.join('.')}`;
}

/** The secret, or null when the seal was made with another server key or altered. */
export function openSecret(serverKey: Buffer, keyId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', serverKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(keyId));
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
