// An integration key's id and secret: random, the secret shown once and kept sealed
// (security/sealed-secret.ts), because an HMAC is checked with the secret itself (decision 018).
import { randomBytes } from 'node:crypto';

/** The public half, sent in x-backline-key. */
export function newKeyId(): string {
  return `bk_${randomBytes(12).toString('hex')}`;
}

/** 256 random bits. */
export function newSecret(): string {
  return `bs_${randomBytes(32).toString('base64url')}`;
}
