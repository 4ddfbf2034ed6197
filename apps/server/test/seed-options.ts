/** The demo the API tests run on: smaller than the default, with a fixed "now" (a Wednesday). */
export const TEST_SEED = { now: new Date('2026-11-18T15:00:00Z'), players: 300, weeks: 12 };
