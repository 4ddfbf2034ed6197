import { describe, expect, it } from 'vitest';
import { isPrivateAddress, namesPrivateHost, resolvesPrivate } from './webhook-target.ts';

describe('webhook targets', () => {
  it('tells loopback, private, link-local and mapped addresses from public ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::1', '[::1]', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '2001:4860:4860::8888', 'platform.example.test'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses our own side by name before any lookup', async () => {
    expect(namesPrivateHost(new URL('http://localhost:8080/x'))).toBe(true);
    expect(namesPrivateHost(new URL('http://api.localhost/x'))).toBe(true);
    expect(namesPrivateHost(new URL('http://[::1]:9000/x'))).toBe(true);
    expect(namesPrivateHost(new URL('https://203.0.113.9/x'))).toBe(false);
    expect(await resolvesPrivate(new URL('http://127.0.0.1:1/x'))).toBe(true);
    expect(await resolvesPrivate(new URL('https://203.0.113.9/x'))).toBe(false);
  });
});
