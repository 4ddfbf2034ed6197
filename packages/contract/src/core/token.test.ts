import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  authorizationHeader,
  decodeToken,
  encodeToken,
  parseAuthorizationHeader,
  TokenFormatError,
  type TokenCredentials,
} from './token.ts';

const field = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes('|'));
const id = fc.integer({ min: 0, max: 999_999_999 });

describe('Token codec', () => {
  it('round-trips the three forms', () => {
    const creds = fc.oneof(
      fc.record({ kind: fc.constant('player' as const), player: field, token: field, siteId: id }),
      fc.record({ kind: fc.constant('agent' as const), email: field, token: field }),
      fc.record({
        kind: fc.constant('agentSite' as const),
        email: field,
        token: field,
        actAs: id,
        siteId: id,
      }),
    );
    fc.assert(
      fc.property(creds, (c: TokenCredentials) => {
        expect(decodeToken(encodeToken(c))).toEqual(c);
        expect(parseAuthorizationHeader(authorizationHeader(c))).toEqual(c);
      }),
    );
  });

  it('encodes fields joined by "|" in base64', () => {
    const b64 = encodeToken({
      kind: 'agentSite',
      email: 'ag1@x.test',
      token: 'abc',
      actAs: 0,
      siteId: 1,
    });
    expect(atob(b64)).toBe('ag1@x.test|abc|0|1');
    expect(atob(encodeToken({ kind: 'player', player: 'PL1', token: 't', siteId: 2 }))).toBe(
      'PL1|t|2',
    );
    expect(atob(encodeToken({ kind: 'agent', email: 'a@b.c', token: 't' }))).toBe('a@b.c|t');
  });

  it('handles non-ASCII fields', () => {
    const c = { kind: 'agent' as const, email: 'año@ñu.test', token: 'tök' };
    expect(decodeToken(encodeToken(c))).toEqual(c);
  });

  it('rejects malformed input', () => {
    const bad = [
      '',
      '!!!!',
      'abc', // length not a multiple of 4
      btoa('only-one-field'),
      btoa('a|b|c|d|e'),
      btoa('a||1'),
      btoa('PL1|tok|site'),
      btoa('a@b|tok|x|1'),
      btoa('a@b|tok|1|'),
      'w7/Dvw==', // bytes that are not UTF-8
    ];
    for (const b of bad) expect(() => decodeToken(b), b).toThrow(TokenFormatError);
    expect(() => parseAuthorizationHeader(`Bearer ${btoa('a|b')}`)).toThrow(TokenFormatError);
    expect(() => parseAuthorizationHeader('Token')).toThrow(TokenFormatError);
    expect(() => parseAuthorizationHeader(`Token ${btoa('a|b')} extra`)).toThrow(TokenFormatError);
  });

  it('refuses to encode a separator inside a field', () => {
    expect(() => encodeToken({ kind: 'agent', email: 'a|b@c', token: 't' })).toThrow(
      TokenFormatError,
    );
    expect(() => encodeToken({ kind: 'agent', email: 'a@c', token: '' })).toThrow(TokenFormatError);
  });
});
