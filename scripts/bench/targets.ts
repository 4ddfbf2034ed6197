// Every target the bench measures against, checked and not only printed: each section records its
// figure beside the target as it measures it, and the bench ends with one table of them all. With
// --strict the bench exits non-zero when a target is missed, so a run can gate a change.

export interface TargetResult {
  /** The section that measured it: reports, graded, web, export, load, feed. */
  section: string;
  /** What is measured, as a reader says it: "single events, 4 clients". */
  figure: string;
  /** The figure as measured, with its unit: "418 events/s". */
  measured: string;
  /** The target, with its unit: "≥ 500 events/s". */
  target: string;
  met: boolean;
}

const results: TargetResult[] = [];

/** A figure as a number, target or not, for a run's `--figures` file (scripts/growth.ts). */
export interface Figure {
  section: string;
  figure: string;
  value: number;
  unit: string;
}

const figures: Figure[] = [];

/** Records a figure for the `--figures` file; a section records what a growth table compares. */
export function recordFigure(section: string, figure: string, value: number, unit: string): void {
  figures.push({ section, figure, value, unit });
}

export function recordedFigures(): readonly Figure[] {
  return figures;
}

/** Records a figure against its target; returns whether it was met. */
export function recordTarget(result: TargetResult): boolean {
  results.push(result);
  return result.met;
}

/** Figures at most (`atMost`) or at least a target, for the common cases. */
export function atMost(
  section: string,
  figure: string,
  value: number,
  limit: number,
  unit: string,
): boolean {
  return recordTarget({
    section,
    figure,
    measured: `${round(value)} ${unit}`,
    target: `≤ ${round(limit)} ${unit}`,
    met: value <= limit,
  });
}

export function atLeast(
  section: string,
  figure: string,
  value: number,
  floor: number,
  unit: string,
): boolean {
  return recordTarget({
    section,
    figure,
    measured: `${round(value)} ${unit}`,
    target: `≥ ${round(floor)} ${unit}`,
    met: Number.isFinite(value) && value >= floor,
  });
}

export function recordedTargets(): readonly TargetResult[] {
  return results;
}

/** The closing table; returns the number of targets missed. */
export function printTargets(log: (line: string) => void = console.log): number {
  if (results.length === 0) return 0;
  const rows = results.map((r) => [
    r.section,
    r.figure,
    r.measured,
    r.target,
    r.met ? 'met' : 'MISSED',
  ]);
  const head = ['section', 'figure', 'measured', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  log('');
  log('Targets:');
  log(line(head));
  for (const r of rows) log(line(r));
  const missed = results.filter((r) => !r.met).length;
  log(
    `${results.length - missed} of ${results.length} targets met${missed ? `, ${missed} missed` : ''}.`,
  );
  return missed;
}

function round(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
}
