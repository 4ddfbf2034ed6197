import { describe, expect, it } from 'vitest';
import type { BeatTheLinePlayer } from '@backline/contract/reports/beat-the-line';
import type { SortDir } from '@backline/contract/core/common';
import { beatTotals, isSharp, sharpInPeriod, sortPlayers } from './players';

const player = (over: Partial<BeatTheLinePlayer>): BeatTheLinePlayer => ({
  IdPlayer: 1,
  Player: 'P1',
  Name: 'One',
  IdAgent: 1,
  Agent: 'A',
  Currency: 'USD',
  Legs: 10,
  Beat: 5,
  BeatRate: 0.5,
  AvgClvPoints: 0,
  AvgClvCents: 0,
  Risk: 1000,
  Score: null,
  ScoreLegs: 0,
  ScoreWagers: 0,
  Rank: null,
  Sharp: false,
  ...over,
});

describe('beat the line players', () => {
  it("marks this period's score sharp only when ranked (enough legs and wagers) at the threshold", () => {
    const scoring = { SharpScore: 5 };
    expect(sharpInPeriod({ Rank: 3, Score: 5 }, scoring)).toBe(true);
    expect(sharpInPeriod({ Rank: 1, Score: 4.9 }, scoring)).toBe(false);
    // One lucky ticket: a huge score over too few legs is not ranked, so never sharp.
    expect(sharpInPeriod({ Rank: null, Score: 90 }, scoring)).toBe(false);
  });

  it("calls a player sharp by the standing flag, the players list's, whatever this period's score", () => {
    expect(isSharp(player({ Sharp: true, Rank: null, Score: null }))).toBe(true);
    expect(isSharp(player({ Sharp: false, Rank: 1, Score: 40 }))).toBe(false);
  });

  it('sorts by score with ranked players first and the unranked after them both ways', () => {
    const rows = [
      player({ IdPlayer: 1, Player: 'LUCKY', Score: 90, ScoreLegs: 4, Rank: null }),
      player({ IdPlayer: 2, Player: 'SHARP', Score: 12, ScoreLegs: 100, Rank: 1 }),
      player({ IdPlayer: 3, Player: 'SQUARE', Score: -2, ScoreLegs: 60, Rank: 2 }),
      player({ IdPlayer: 4, Player: 'NEW', Score: 3, ScoreLegs: 9, Rank: null }),
    ];
    expect(sortPlayers(rows, 'score', 'desc', 'en').map((p) => p.Player)).toEqual([
      'SHARP',
      'SQUARE',
      'NEW',
      'LUCKY',
    ]);
    expect(sortPlayers(rows, 'score', 'asc', 'en').map((p) => p.Player)).toEqual([
      'SQUARE',
      'SHARP',
      'NEW',
      'LUCKY',
    ]);
  });

  it('sorts by beat rate and keeps players without a figure last both ways', () => {
    const rows = [
      player({ IdPlayer: 1, Player: 'A', AvgClvPoints: null }),
      player({ IdPlayer: 2, Player: 'B', AvgClvPoints: 1.5 }),
      player({ IdPlayer: 3, Player: 'C', AvgClvPoints: -0.5 }),
    ];
    expect(sortPlayers(rows, 'clvPoints', 'desc', 'en').map((p) => p.Player)).toEqual([
      'B',
      'C',
      'A',
    ]);
    expect(sortPlayers(rows, 'clvPoints', 'asc', 'en').map((p) => p.Player)).toEqual([
      'C',
      'B',
      'A',
    ]);
  });

  it('totals legs, beats and risk per currency to the cent', () => {
    const totals = beatTotals([
      player({ Currency: 'USD', Legs: 3, Beat: 2, Risk: 10_01 }),
      player({ Currency: 'EUR', Legs: 4, Beat: 1, Risk: 5_00 }),
      player({ Currency: 'USD', Legs: 5, Beat: 5, Risk: 20_02 }),
    ]);
    expect(totals).toEqual([
      { Currency: 'EUR', Players: 1, Legs: 4, Beat: 1, Risk: 500 },
      { Currency: 'USD', Players: 2, Legs: 8, Beat: 7, Risk: 3003 },
    ]);
  });

  it('ranks risk across currencies by the ranking given (the site currency), not raw figures', () => {
    const rate: Record<string, number> = { USD: 1, CAD: 0.73, MXN: 0.058 };
    const inUsd = (amount: number, currency: string) => Math.round(amount * rate[currency]!);
    const rows = [
      player({ IdPlayer: 1, Player: 'US', Currency: 'USD', Risk: 975_000 }),
      player({ IdPlayer: 2, Player: 'MX', Currency: 'MXN', Risk: 1_125_000 }),
      player({ IdPlayer: 3, Player: 'CA', Currency: 'CAD', Risk: 1_215_000 }),
    ];
    const order = (dir: SortDir) =>
      sortPlayers(rows, 'risk', dir, 'en', inUsd).map((p) => p.Player);
    expect(order('desc')).toEqual(['US', 'CA', 'MX']);
    expect(order('asc')).toEqual(['MX', 'CA', 'US']);
  });
});
