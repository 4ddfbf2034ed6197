// The tests need what npm cannot provide: a PostgreSQL server, a browser and its fonts, and a load
// balancer for the cluster suite (HAProxy). All come
// from Debian's packages, installed here when running as root, otherwise named in a clear error.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const HAPROXY_PATH = '/usr/sbin/haproxy';
const POSTGRES_ROOT = '/usr/lib/postgresql';
const SERVER_BINARIES = ['initdb', 'pg_ctl', 'postgres'];
// The screen baselines (e2e/__screenshots__) are drawn in DejaVu Sans and Sans Mono: what Chromium
// resolves the app's system-ui and monospace to here. Another font would fail every comparison.
const BASELINE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const PACKAGES = ['postgresql', 'chromium', 'fonts-liberation', 'fonts-dejavu-core', 'haproxy'];

/** The bin dir of the newest Debian PostgreSQL major version that has the server binaries. */
export function findPostgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(POSTGRES_ROOT, version, 'bin');
    if (SERVER_BINARIES.every((name) => existsSync(join(bin, name)))) return bin;
  }
  return undefined;
}

export function requirePostgresBinDir(): string {
  const bin = findPostgresBinDir();
  if (!bin) throw new Error(missingMessage(['postgresql']));
  return bin;
}

/** Names of the Debian packages whose programs are missing. */
export function missingSystemDeps(): string[] {
  const missing: string[] = [];
  if (!findPostgresBinDir()) missing.push('postgresql');
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!existsSync(BASELINE_FONT)) missing.push('fonts-dejavu-core');
  if (!existsSync(HAPROXY_PATH)) missing.push('haproxy');
  return missing;
}

function missingMessage(missing: string[]): string {
  return [
    `Missing system packages: ${missing.join(', ')} (PostgreSQL server binaries under ${POSTGRES_ROOT}/<version>/bin, Chromium at ${CHROMIUM_PATH}, HAProxy at ${HAPROXY_PATH}).`,
    'Install them as root (Debian/Ubuntu):',
    `  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`,
    'or run `npm test` as root, which installs them itself.',
  ].join('\n');
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Installs what is missing when root; throws with installation instructions otherwise. */
export function ensureSystemDeps(): void {
  const missing = missingSystemDeps();
  if (missing.length === 0) {
    console.log(`PostgreSQL: ${findPostgresBinDir()}; Chromium: ${CHROMIUM_PATH}`);
    return;
  }
  if (process.getuid?.() !== 0) throw new Error(missingMessage(missing));
  if (!existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `${missingMessage(missing)}\napt-get was not found: this is not a Debian system.`,
    );
  }
  console.log(`Installing ${missing.join(', ')} with apt-get`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES]);
  const still = missingSystemDeps();
  if (still.length > 0)
    throw new Error(`apt-get finished but ${still.join(', ')} is still missing.`);
  console.log(`PostgreSQL: ${findPostgresBinDir()}; Chromium: ${CHROMIUM_PATH}`);
}

if (import.meta.main) {
  try {
    ensureSystemDeps();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
