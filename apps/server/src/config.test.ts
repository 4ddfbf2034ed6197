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

describe('WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS', () => {
  it('default to localhost on any port, as development and the browser tests serve it', () => {
    expect(loadConfig({}).webauthn).toEqual({
      rpId: 'localhost',
      rpName: 'Backline',
      origins: ['https://localhost:*', 'http://localhost:*'],
    });
  });

  it('take Backline’s own host over https, or the origins given', () => {
    const host = loadConfig({ WEBAUTHN_RP_ID: 'backline.example.com' });
    expect(host.webauthn.origins).toEqual(['https://backline.example.com']);
    const given = loadConfig({
      WEBAUTHN_RP_ID: 'example.com',
      WEBAUTHN_ORIGINS: 'https://backline.example.com, https://bo.example.com:8443',
    });
    expect(given.webauthn.origins).toEqual([
      'https://backline.example.com',
      'https://bo.example.com:8443',
    ]);
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://backline.example.com' })).toThrow(
      /WEBAUTHN_RP_ID/,
    );
    expect(() =>
      loadConfig({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://evil.test' }),
    ).toThrow(/WEBAUTHN_ORIGINS: https:\/\/evil.test is not an origin on example.com/);
  });
});
