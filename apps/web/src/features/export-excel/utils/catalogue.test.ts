import { describe, expect, it } from 'vitest';
import { EXPORT_REPORTS } from '@backline/contract/report-names';
import { ExportRequest } from '@backline/contract/calls/export';
import { CATALOGUE, REPORTS, targetOf, type CenterValues } from './catalogue';

const base: CenterValues = {
  report: 'weeklyBalance',
  idAgent: 7,
  week: 3,
  range: { period: 6 },
  idPlayer: 12,
  transactionType: 1,
  sport: 'NFL',
  wagerType: 'parlay',
  betResult: 'win',
  status: 'deleted',
  activeOnly: true,
  withBalanceOnly: true,
  inOneCurrency: true,
  beatersOnly: true,
};
const days = { StartDate: '2026-11-01', EndDate: '2026-11-30' };

describe('export center catalogue', () => {
  it('offers every exportable report', () => {
    expect([...REPORTS].sort()).toEqual([...EXPORT_REPORTS].sort());
  });

  it('makes for every report a request its endpoint\u2019s own schema accepts', () => {
    for (const report of REPORTS) {
      const target = targetOf({ ...base, report }, days)!;
      const parsed = ExportRequest.safeParse({ ...target, format: 'xlsx', language: 'es' });
      expect(parsed.success, `${report}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('sends only the filters a report takes, dates explicit where the endpoint needs them', () => {
    expect(targetOf({ ...base, report: 'weeklyBalance' }, days)).toEqual({
      report: 'weeklyBalance',
      filters: { idAgent: 7, period: 3 },
    });
    expect(targetOf({ ...base, report: 'gradedBets' }, days)?.filters).toEqual({
      idAgent: 7,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      sport: 'NFL',
      wagerType: 'parlay',
      betResult: 'win',
    });
    expect(targetOf({ ...base, report: 'playerHistory' }, days)?.filters).toEqual({
      idPlayer: 12,
      period: 6,
      transactionType: 1,
    });
    expect(CATALOGUE.playerHistory).not.toContain('agent');
  });

  it('waits for a player before the player history can be exported', () => {
    expect(targetOf({ ...base, report: 'playerHistory', idPlayer: null }, days)).toBeNull();
    expect(targetOf({ ...base, report: 'cashFlow', idPlayer: null }, days)).not.toBeNull();
  });
});
