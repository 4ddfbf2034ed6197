// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the id in memory once read: each case loads it afresh.
const load = async () => (await import('./device-id')).deviceId;

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('deviceId', () => {
  it('is a random URL-safe id the browser keeps from one log-in to the next', async () => {
    const first = (await load())();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(localStorage.getItem('backline.device')).toBe(first);
    // A new page load of the same browser.
    expect((await load())()).toBe(first);
  });

  it('is kept in memory where the frame may not store anything', async () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    const deviceId = await load();
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(deviceId()).toBe(first);
  });
});
