import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret } from './sealed-secret.ts';

const key = randomBytes(32);

describe('sealed secrets', () => {
  it('opens what it sealed, and the seal shows nothing of the secret', () => {
    const sealed = sealSecret(key, 'bk_1', 'whsec_abc');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('whsec_abc');
    expect(openSecret(key, 'bk_1', sealed)).toBe('whsec_abc');
    // A fresh IV each time: the same secret sealed twice reads differently.
    expect(sealSecret(key, 'bk_1', 'whsec_abc')).not.toBe(sealed);
  });

  it('opens nothing under another server key, another binding, or altered', () => {
    const sealed = sealSecret(key, 'webhook:1', 'whsec_abc');
    expect(openSecret(randomBytes(32), 'webhook:1', sealed)).toBeNull();
    expect(openSecret(key, 'webhook:2', sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(
      openSecret(key, 'webhook:1', [v, iv, tag, flipped.toString('base64url')].join('.')),
    ).toBeNull();
    expect(openSecret(key, 'webhook:1', 'whsec_abc')).toBeNull();
    expect(isSealed('whsec_abc')).toBe(false);
  });
});
