// The platform feed's signature, one piece for both directions (DESIGN.md §8): the platform signs
// its events to us, and we sign our webhooks to it, as `t=<unix seconds>,v1=<hex HMAC-SHA256>`
// over "t.<raw body>".
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the key id of a signed request. */
export const KEY_ID_HEADER = 'x-backline-key';
/** The header that carries `t=...,v1=...`. */
export const SIGNATURE_HEADER = 'x-backline-signature';
/** How far a signature's time may be from ours, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Hex HMAC-SHA256 of "t.<raw body>" under `secret`. */
export function signatureOf(secret: string, unixSeconds: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
}

/** The signature header's value for a body sent at `unixSeconds`. */
export function signatureHeader(
  secret: string,
  unixSeconds: number,
  rawBody: string | Buffer,
): string {
  return `t=${unixSeconds},v1=${signatureOf(secret, unixSeconds, rawBody)}`;
}

export interface ParsedSignature {
  t: number;
  /** Every v1 given (a sender may send several while it rotates its secret). */
  v1: string[];
}

/** Reads `t=...,v1=...[,v1=...]`; null when it is not of that shape. */
export function parseSignatureHeader(value: string | undefined): ParsedSignature | null {
  if (!value || value.length > 1024) return null;
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const name = part.slice(0, eq).trim();
    const field = part.slice(eq + 1).trim();
    if (name === 't') {
      if (!/^\d{1,12}$/.test(field) || t !== null) return null;
      t = Number(field);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(field)) return null;
      v1.push(field);
    }
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'mismatch';

/**
 * Checks a request's signature against one secret: its shape, its time within the tolerance of
 * `nowSeconds`, and one of its v1 values equal (in constant time) to ours over the raw body.
 */
export function checkSignature(
  secret: string,
  header: string | undefined,
  rawBody: string | Buffer,
  nowSeconds: number,
): SignatureCheck {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'malformed';
  if (Math.abs(nowSeconds - parsed.t) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signatureOf(secret, parsed.t, rawBody), 'hex');
  const matches = parsed.v1.some((given) => timingSafeEqual(Buffer.from(given, 'hex'), expected));
  return matches ? 'ok' : 'mismatch';
}
