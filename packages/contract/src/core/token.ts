// The Authorization header of SPEC.md §6: `Token <base64 of fields joined by "|">`, three forms.

export const TOKEN_SCHEME = 'Token';
const SEPARATOR = '|';

export type TokenCredentials =
  | { kind: 'player'; player: string; token: string; siteId: number }
  | { kind: 'agent'; email: string; token: string }
  | { kind: 'agentSite'; email: string; token: string; actAs: number; siteId: number };

export class TokenFormatError extends Error {
  override name = 'TokenFormatError';
}

function fieldsOf(c: TokenCredentials): string[] {
  switch (c.kind) {
    case 'player':
      return [c.player, c.token, String(c.siteId)];
    case 'agent':
      return [c.email, c.token];
    case 'agentSite':
      return [c.email, c.token, String(c.actAs), String(c.siteId)];
  }
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fromBase64(b64: string): string {
  if (b64.length === 0 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) {
    throw new TokenFormatError('Authorization token is not valid base64');
  }
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TokenFormatError('Authorization token is not valid UTF-8');
  }
}

export function encodeToken(c: TokenCredentials): string {
  const fields = fieldsOf(c);
  for (const f of fields) {
    if (f.length === 0) throw new TokenFormatError('Token fields may not be empty');
    if (f.includes(SEPARATOR))
      throw new TokenFormatError(`Token fields may not contain "${SEPARATOR}"`);
  }
  return toBase64(fields.join(SEPARATOR));
}

export function authorizationHeader(c: TokenCredentials): string {
  return `${TOKEN_SCHEME} ${encodeToken(c)}`;
}

function id(field: string, name: string): number {
  if (!/^\d{1,9}$/.test(field)) throw new TokenFormatError(`Token ${name} must be a whole number`);
  return Number(field);
}

export function decodeToken(b64: string): TokenCredentials {
  const fields = fromBase64(b64).split(SEPARATOR);
  if (fields.some((f) => f.length === 0)) throw new TokenFormatError('Token has an empty field');
  switch (fields.length) {
    case 2:
      return { kind: 'agent', email: fields[0]!, token: fields[1]! };
    case 3:
      return {
        kind: 'player',
        player: fields[0]!,
        token: fields[1]!,
        siteId: id(fields[2]!, 'site id'),
      };
    case 4:
      return {
        kind: 'agentSite',
        email: fields[0]!,
        token: fields[1]!,
        actAs: id(fields[2]!, 'agent id'),
        siteId: id(fields[3]!, 'site id'),
      };
    default:
      throw new TokenFormatError(`Token must have 2, 3 or 4 fields, not ${fields.length}`);
  }
}

/** Parses a whole header value; throws TokenFormatError on anything but `Token <base64>`. */
export function parseAuthorizationHeader(value: string): TokenCredentials {
  const [scheme, b64, ...rest] = value.trim().split(/\s+/);
  if (scheme !== TOKEN_SCHEME || !b64 || rest.length > 0) {
    throw new TokenFormatError(`Authorization must be "${TOKEN_SCHEME} <base64>"`);
  }
  return decodeToken(b64);
}
