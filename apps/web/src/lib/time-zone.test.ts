// Times and days read in the site's zone whatever zone the machine running them is in: the test
// runs its cases in a process zone far from every site's (set below), and the answers must not move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatTime } from './format';
import { shortZoneName } from './time-zone';

// 20:00 UTC on Thursday 19 November 2026: 15:00 in New York, 14:00 in Mexico City, 21:00 in Madrid.
const EVENING = '2026-11-19T20:00:00Z';
// 03:30 UTC on Friday 20 November: still Thursday evening in New York and Mexico City.
const AFTER_MIDNIGHT_UTC = '2026-11-20T03:30:00Z';

let zoneBefore: string | undefined;
beforeAll(() => {
  zoneBefore = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe("formatting in the site's zone", () => {
  it('reads an instant in the site zone and names the zone', () => {
    expect(formatDateTime(EVENING, 'en-US', 'America/New_York')).toBe('Nov 19, 2026, 03:00 PM EST');
    expect(formatDateTime(EVENING, 'en-US', 'America/Mexico_City')).toBe(
      'Nov 19, 2026, 02:00 PM CST',
    );
    expect(formatTime(EVENING, 'en-US', 'America/New_York')).toBe('03:00 PM EST');
    expect(formatTime(EVENING, 'es-ES', 'Europe/Madrid')).toBe('21:00 CET');
  });

  it('puts an instant on the site’s day, not the UTC day nor the browser’s', () => {
    expect(formatDateTime(AFTER_MIDNIGHT_UTC, 'en-US', 'America/New_York')).toBe(
      'Nov 19, 2026, 10:30 PM EST',
    );
    expect(formatDateTime(AFTER_MIDNIGHT_UTC, 'en-US', 'America/Mexico_City')).toBe(
      'Nov 19, 2026, 09:30 PM CST',
    );
    // Calendar days (a period's) have no zone: they never move.
    expect(formatDay('2026-11-16', 'en-US')).toBe('Mon, Nov 16, 2026');
  });

  it('names the zone as it is at that instant (daylight saving time)', () => {
    expect(shortZoneName('America/New_York', 'en-US', new Date('2026-07-01T12:00:00Z'))).toBe(
      'EDT',
    );
    expect(shortZoneName('America/New_York', 'en-US', new Date(EVENING))).toBe('EST');
    expect(shortZoneName('Europe/Madrid', 'en-US', new Date(EVENING))).toBe('GMT+1');
  });
});
