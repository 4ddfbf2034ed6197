// The GeoLite2 data that geoip-country ships is CC BY-SA 4.0 and its EULA asks for attribution
// (issue 14, item 16): while the dependency carries MaxMind data, the notice must be where people
// look: NOTICE, the README, and the API description of the lookup.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { api } from '@backline/contract';

const ATTRIBUTION =
  'This product includes GeoLite2 Data created by MaxMind, available from https://www.maxmind.com.';
const root = new URL('../../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('GeoLite2 attribution', () => {
  const geoip = createRequire(import.meta.url)('geoip-country/package.json') as {
    license: string;
  };

  it('is owed: geoip-country still ships MaxMind GeoLite2 data', () => {
    expect(geoip.license).toMatch(/MaxMind|GeoLite2/);
  });

  it('is in NOTICE with the licence and the EULA', () => {
    const notice = flat(read('NOTICE'));
    expect(notice).toContain(ATTRIBUTION);
    expect(notice).toContain('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(notice).toContain('https://www.maxmind.com/en/geolite2/eula');
  });

  it('is in the README', () => {
    expect(flat(read('README.md'))).toContain(ATTRIBUTION);
  });

  it('is in the API description of the country lookup', () => {
    expect(api.geoLocation.summary).toContain(ATTRIBUTION);
  });
});
