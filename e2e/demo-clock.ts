// The instant the e2e demo is seeded at and that its server and browsers read as "now", moving on
// in real time from the start: the machine's date plays no part in what a test sees.
//
// Thursday 2026-11-19, 15:00 in New York (site 1) and 21:00 in Madrid (site 2): this week already
// has graded games (Monday night football, every sport through Thursday afternoon), open wagers on
// the games still to come, and last week was settled on Tuesday.
export const DEMO_NOW = '2026-11-19T20:00:00Z';
