// A stand-in for the built web app: an index page and the real translation files, so pages,
// static assets and the i18n call are served as in production.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const I18N = fileURLToPath(new URL('../../../web/public/assets/i18n', import.meta.url));

export function makeWebDist(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'backline-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Backline</title><div id="root"></div>',
  );
  mkdirSync(join(dir, 'assets'), { recursive: true });
  cpSync(I18N, join(dir, 'assets', 'i18n'), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
