import { describe, expect, it } from 'vitest';
import { formatLine, formatOdds, formatPrice } from './odds';

describe('prices as printed on a ticket', () => {
  it('signs American odds and lines', () => {
    expect(formatOdds(150)).toBe('+150');
    expect(formatOdds(-110)).toBe('-110');
    expect(formatLine(3.5, 'en-US')).toBe('+3.5');
    expect(formatLine(-7, 'en-US')).toBe('-7');
    expect(formatLine(0, 'en-US')).toBe('0');
    expect(formatLine(-2.5, 'es-ES')).toBe('-2,5');
  });

  it('shows line and odds together, or the odds alone for a money line', () => {
    expect(formatPrice(-3.5, -110, 'en-US')).toBe('-3.5 (-110)');
    expect(formatPrice(null, 135, 'en-US')).toBe('+135');
    expect(formatPrice(null, null, 'en-US')).toBe('—');
    expect(formatPrice(233.5, -110, 'en-US', 'total')).toBe('233.5 (-110)');
  });
});
