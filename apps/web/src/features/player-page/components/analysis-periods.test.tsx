// @vitest-environment jsdom
import type {
  PlayerAnalysis,
  PlayerAnalysisPeriod,
} from '@backline/contract/calls/player-analysis';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../public/assets/i18n/en.json';
import { AnalysisPeriods } from './analysis-periods';

afterEach(cleanup);

const period = (p: Partial<PlayerAnalysisPeriod>): PlayerAnalysisPeriod => ({
  Period: 'lifetime',
  StartDate: null,
  EndDate: '2026-11-18',
  Handle: 0,
  Net: 0,
  Hold: null,
  Wagers: 0,
  Clv: { Score: null, Legs: 0, Enough: false, Sharp: false },
  ...p,
});

const analysis: PlayerAnalysis = {
  IdPlayer: 7,
  Currency: 'USD',
  Today: '2026-11-18',
  Scoring: { LastLegs: 100, MinLegs: 20, MinWagers: 10, SharpScore: 5, CentsPerPoint: 20 },
  Periods: [
    period({
      Handle: 27_200,
      Net: -6_250,
      Hold: 0.2298,
      Wagers: 24,
      Clv: { Score: 8.3, Legs: 24, Enough: true, Sharp: true },
    }),
    period({ Period: 'year', StartDate: '2026-01-01', EndDate: '2026-12-31' }),
    period({
      Period: 'month',
      StartDate: '2026-11-01',
      EndDate: '2026-11-30',
      Clv: { Score: 6.7, Legs: 3, Enough: false, Sharp: false },
    }),
  ],
  Weeks: [],
};

async function renderPeriods() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
  render(
    <I18nextProvider i18n={i18n}>
      <AnalysisPeriods analysis={analysis} locale="en-US" />
    </I18nextProvider>,
  );
}

const figures = (name: RegExp) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('definition')
    .map((d) => d.textContent);

describe('AnalysisPeriods', () => {
  it('gives each period its figures, the CLV score only over enough legs', async () => {
    await renderPeriods();
    expect(figures(/^Lifetime/)).toEqual([
      '$272.00',
      '-$62.50',
      '23.0%',
      '24',
      '+8.3¢ Sharp over the last 24 graded legs',
    ]);
    // No handle: no hold; too few legs: no score, however high.
    expect(figures(/^This year/)).toEqual([
      '$0.00',
      '$0.00',
      '—',
      '0',
      'Not enough legs 0 of 20 graded legs needed',
    ]);
    expect(figures(/^This month/)[4]).toBe('Not enough legs 3 of 20 graded legs needed');
    expect(screen.getByRole('region', { name: /^This month/ }).textContent).toMatch(
      /Nov 1\s–\s30, 2026/,
    );
  });
});
