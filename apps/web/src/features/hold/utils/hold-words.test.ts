import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { HoldRow } from '@backline/contract/reports/hold';
import { formatHold, rowName } from './hold-words';

const row = (over: Partial<HoldRow>): HoldRow => ({
  Key: 'NFL',
  Label: 'NFL',
  Sport: 'NFL',
  IdAgent: null,
  Own: false,
  IdPlayer: null,
  Detail: '',
  Wagers: 1,
  Handle: 100,
  Net: 5,
  HoldPct: 5,
  ...over,
});

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}:${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('formatHold', () => {
  it('writes percentage points as a percent to two decimals, in the locale', () => {
    expect(formatHold(4.52, 'en-US')).toBe('4.52%');
    expect(formatHold(-12.5, 'en-US')).toBe('-12.50%');
    expect(formatHold(4.52, 'es-ES')).toMatch(/^4,52\s?%$/);
  });

  it('writes a dash where there was no handle', () => {
    expect(formatHold(null, 'en-US')).toBe('—');
  });
});

describe('rowName', () => {
  it("names a sport in the reader's words, a league and a player by their labels", () => {
    expect(rowName(row({}), t)).toBe('sports.NFL');
    expect(rowName(row({ Key: 'NFL|NFL Preseason', Label: 'NFL Preseason' }), t)).toBe(
      'NFL Preseason',
    );
    expect(rowName(row({ Key: '7', Label: 'PL1001', Sport: null, IdPlayer: 7 }), t)).toBe('PL1001');
  });

  it("names an agent's own players as such, a sub-agent by its login", () => {
    const own = row({ Key: 'own', Label: 'AG1', Sport: null, IdAgent: 2, Own: true });
    expect(rowName(own, t)).toBe('hold.ownPlayers:{"agent":"AG1"}');
    expect(rowName(row({ Key: '5', Label: 'AG1SUB', Sport: null, IdAgent: 5 }), t)).toBe('AG1SUB');
  });
});
