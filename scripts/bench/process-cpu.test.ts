// The CPU counters read from /proc: a process's own time, and a parent's with its children's,
// including children that have ended (the way a PostgreSQL backend's time stays in the count).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { clusterCpuMs, processCpuMs } from './process-cpu.ts';

/** Spins until this process has used `ms` of CPU (not of the clock: the machine may be busy). */
const burn = (ms: number) => {
  const from = process.cpuUsage();
  for (let u = process.cpuUsage(from); u.user + u.system < ms * 1000; u = process.cpuUsage(from));
};

describe('process CPU from /proc', () => {
  it("reads this process's CPU as process.cpuUsage() does, to the clock tick", () => {
    const before = processCpuMs(process.pid);
    const own = process.cpuUsage();
    burn(150);
    const spent = processCpuMs(process.pid) - before;
    const { user, system } = process.cpuUsage(own);
    // /proc counts whole ticks (10 ms at 100 a second): allow a few on either side.
    expect(Math.abs(spent - (user + system) / 1000)).toBeLessThanOrEqual(40);
    expect(spent).toBeGreaterThanOrEqual(120);
  }, 30_000);

  it("counts a parent's ended children, which its own time leaves out", async () => {
    // A shell (the postmaster's part) whose child burns 150 ms of CPU and ends, then waits.
    const code =
      'const f = process.cpuUsage(); for (let u = f; u.user + u.system < 150e3; u = process.cpuUsage(f));';
    const parent = spawn('sh', ['-c', `"${process.execPath}" -e '${code}'; echo done; sleep 5`]);
    try {
      await new Promise<void>((resolve) => parent.stdout.once('data', () => resolve()));
      expect(processCpuMs(parent.pid!)).toBeLessThan(50);
      expect(clusterCpuMs(parent.pid!)).toBeGreaterThanOrEqual(120);
    } finally {
      parent.kill();
    }
  }, 30_000);
});
