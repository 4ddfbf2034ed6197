import { describe, expect, it } from 'vitest';
import { regionalLocale } from './format';

describe('regional locale', () => {
  it('takes the region the browser prefers for the interface language', () => {
    expect(regionalLocale('es', ['en-US', 'es-MX', 'es-ES'])).toBe('es-MX');
    expect(regionalLocale('en', ['es-MX', 'en-GB'])).toBe('en-GB');
    expect(regionalLocale('es', ['es-419'])).toBe('es-419');
  });

  it('falls back to the language default when no preferred tag names a region for it', () => {
    expect(regionalLocale('es', ['en-US', 'es'])).toBe('es-ES');
    expect(regionalLocale('en', [])).toBe('en-US');
    expect(regionalLocale('en', ['not a tag', 'en'])).toBe('en-US');
  });
});
