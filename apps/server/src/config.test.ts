import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const KEY = 'ab'.repeat(32);

describe('PLATFORM_SECRET_KEY', () => {
  it('is required in production: the development key is public, so it seals nothing there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PLATFORM_SECRET_KEY: required/);
  });

  it('seals with the key given, in production and elsewhere', () => {
    const given = loadConfig({ NODE_ENV: 'production', PLATFORM_SECRET_KEY: KEY });
    expect(given.platformSecretKey.toString('hex')).toBe(KEY);
    const development = loadConfig({ NODE_ENV: 'development' });
    expect(development.platformSecretKey).toHaveLength(32);
    expect(development.platformSecretKey.toString('hex')).not.toBe(KEY);
  });

  it('must be 32 bytes in hex', () => {
    expect(() => loadConfig({ PLATFORM_SECRET_KEY: 'short' })).toThrow(/64 hex digits/);
  });
});
