import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, parseSignatureHeader, signatureHeader } from './signature.ts';

const SECRET = 'sk_test_secret';
const BODY = '{"id":"evt_1","type":"wager.placed"}';
const NOW = 1_795_000_000;

describe('platform signature', () => {
  it('is the hex HMAC-SHA256 of "t.<raw body>", as openssl computes it', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(signatureHeader(SECRET, NOW, BODY)).toBe(`t=${NOW},v1=${expected}`);
  });

  it('accepts its own signature within five minutes either way', () => {
    const header = signatureHeader(SECRET, NOW, BODY);
    expect(checkSignature(SECRET, header, BODY, NOW)).toBe('ok');
    expect(checkSignature(SECRET, header, BODY, NOW + 300)).toBe('ok');
    expect(checkSignature(SECRET, header, BODY, NOW - 300)).toBe('ok');
  });

  it('refuses a stale time, an altered body, another secret and a malformed header', () => {
    const header = signatureHeader(SECRET, NOW, BODY);
    expect(checkSignature(SECRET, header, BODY, NOW + 301)).toBe('stale');
    expect(checkSignature(SECRET, header, BODY.replace('1', '2'), NOW)).toBe('mismatch');
    expect(checkSignature('another', header, BODY, NOW)).toBe('mismatch');
    for (const bad of [undefined, '', 't=1', 'v1=ab', `t=x,v1=${'a'.repeat(64)}`, 't=1,v1=zz']) {
      expect(checkSignature(SECRET, bad, BODY, NOW)).toBe('malformed');
    }
  });

  it('takes any of several v1 values, as a sender rotating its secret sends', () => {
    const ours = parseSignatureHeader(signatureHeader(SECRET, NOW, BODY))!.v1[0];
    const header = `t=${NOW},v1=${'0'.repeat(64)},v1=${ours}`;
    expect(checkSignature(SECRET, header, BODY, NOW)).toBe('ok');
  });
});
