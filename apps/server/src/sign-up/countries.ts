// The country asset (version 1.0): ISO codes and names (en, es) from i18n-iso-countries, dial codes,
// and flags served from our own origin; plus the caller's country from an offline IP database.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import countries from 'i18n-iso-countries';
import type { CountryData } from '@backline/contract';

const require = createRequire(import.meta.url);

/**
 * Dial codes by ISO code, generated once from the countries-list package's `phone` field (the data
 * geoip-country ships with); a country's first code when it has several.
 */
const DIAL_CODES = JSON.parse(
  readFileSync(new URL('./data/dial-codes.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const FLAG_DIR = join(dirname(require.resolve('country-flag-icons')), '3x2');

export const flagPath = (code: string) => `flags/${code}.svg`;

export function buildCountryData(): CountryData {
  const en = countries.getNames('en', { select: 'official' });
  const es = countries.getNames('es', { select: 'official' });
  const list = Object.keys(en)
    .filter((code) => DIAL_CODES[code] && existsSync(join(FLAG_DIR, `${code}.svg`)))
    .map((code) => ({
      Code: code,
      Name: en[code]!,
      Names: { en: en[code]!, es: es[code] ?? en[code]! },
      DialCode: DIAL_CODES[code]!,
      Flag: flagPath(code),
    }))
    .sort((a, b) => a.Name.localeCompare(b.Name, 'en'));
  return { Version: '1.0', Countries: list };
}

/** The SVG of a flag, or null for an unknown code (the code is checked, so no path escapes the folder). */
export function flagSvg(code: string): Buffer | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const file = join(FLAG_DIR, `${code}.svg`);
  return existsSync(file) ? readFileSync(file) : null;
}

interface GeoIp {
  lookup(ip: string): { country: string } | null;
}
let geoip: GeoIp | undefined;

/** ISO code of an address's country, or null for private, loopback and unknown addresses. */
export function countryOfAddress(ip: string): string | null {
  // Loaded on first use: the database is several megabytes and most requests never need it.
  geoip ??= require('geoip-country') as GeoIp;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return geoip.lookup(address)?.country ?? null;
}
