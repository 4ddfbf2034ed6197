import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  excelSerialOfDay,
  excelSerialOfInstant,
  majorText,
  divisorOf,
  moneyFormatCode,
  wallClockText,
} from './export-values.ts';
import { csvField } from './csv-writer.ts';

describe('export values', () => {
  it('turns any amount of cents into the number typed as its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const major = cents / divisorOf('USD');
        expect(major).toBe(Number(majorText(cents, 'USD')));
        expect(Math.round(major * 100)).toBe(cents);
      }),
    );
    expect(majorText(-5, 'USD')).toBe('-0.05');
    expect(majorText(123456, 'JPY')).toBe('123456');
  });

  it('writes Excel serials of days and of instants in the site\u2019s zone, across daylight saving', () => {
    expect(excelSerialOfDay('1970-01-01')).toBe(25569);
    expect(excelSerialOfDay('2026-11-16')).toBe(46342);
    // 2026-11-01 06:30Z is 01:30 EST (after the switch); 05:30Z is 01:30 EDT (before it).
    expect(wallClockText('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01 01:30');
    expect(wallClockText('2026-11-01T05:30:00.000Z', 'America/New_York')).toBe('2026-11-01 01:30');
    expect(wallClockText('2026-07-01T12:00:00.000Z', 'Europe/Madrid')).toBe('2026-07-01 14:00');
    expect(excelSerialOfInstant('2026-11-16T17:00:00.000Z', 'America/New_York')).toBe(46342.5);
  });

  it('formats money with the currency\u2019s symbol where the language puts it', () => {
    expect(moneyFormatCode('USD', 'en')).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(moneyFormatCode('EUR', 'es')).toBe('#,##0.00" €";-#,##0.00" €"');
    expect(moneyFormatCode('JPY', 'en')).toBe('"¥"#,##0;-"¥"#,##0');
    expect(moneyFormatCode('CAD', 'en')).toBe('"CA$"#,##0.00;-"CA$"#,##0.00');
    expect(moneyFormatCode('USD', 'es')).toBe('#,##0.00" US$";-#,##0.00" US$"');
  });

  it('quotes csv fields when needed and defuses text opening like a formula', () => {
    expect(csvField('plain', true)).toBe('plain');
    expect(csvField('a,b', true)).toBe('"a,b"');
    expect(csvField('say "hi"', true)).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines', true)).toBe('"two\r\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) {
      expect(csvField(`${start}1+1`, true).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvField('-12.50', false)).toBe('-12.50');
  });
});
