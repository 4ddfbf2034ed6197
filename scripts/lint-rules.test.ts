// The lint rules that hold the import graph (STYLE.md convention 3) fire where they should: a web
// feature importing another feature, however it is written, and an import cycle; and stay quiet on
// code that keeps the line. Run through ESLint's Node API with the repository's own config.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it, vi } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
// The first lint builds the resolver and reads the import graph: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
// `ignore: false`: the cycle's files are written under .tmp, which the config leaves out of `npm run lint`.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function rulesFired(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint: features never import each other', () => {
  // A file of the weekly balance feature (it need not exist: only its path is read).
  const file = join(ROOT, 'apps/web/src/features/weekly-balance/components/lint-probe.ts');
  const FEATURE_RULE = 'import-x/no-restricted-paths';

  it.each([
    [
      'a static import of a file',
      "import { CashFlow } from '@/features/cash-flow/components/cash-flow';",
    ],
    ['an import of its index', "import { CashFlow } from '@/features/cash-flow';"],
    ['a relative import', "import { CashFlow } from '../../cash-flow';"],
    ['a dynamic import()', "export const load = () => import('@/features/cash-flow');"],
  ])('fails on %s', async (_, code) => {
    expect(await rulesFired(`${code}\nexport const probe = 1;\n`, file)).toContain(FEATURE_RULE);
  });

  it('is quiet on imports of the feature itself and of shared code', async () => {
    const code = [
      "import { useWeeklyBalance } from '../api/get-weekly-balance';",
      "import { formatMoney } from '@backline/contract/core/money';",
      "import { useLocale } from '@/lib/format';",
      'export const probe = [useWeeklyBalance, formatMoney, useLocale];',
      "export const load = () => import('./weekly-balance');",
      '',
    ].join('\n');
    expect(await rulesFired(code, file)).toEqual([]);
  });
});

describe('lint: no import cycles', () => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', 'lint-cycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const a = "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n";
  const b = "import { a } from './a.ts';\nexport const b = (): number => (a ? 1 : 0);\n";
  const c = "import { b } from './b.ts';\nexport const c = (): number => b();\n";
  writeFileSync(join(dir, 'a.ts'), a);
  writeFileSync(join(dir, 'b.ts'), b);

  it('fails on two files that import each other', async () => {
    expect(await rulesFired(a, join(dir, 'a.ts'))).toContain('import-x/no-cycle');
  });

  it('is quiet on a file that imports into a cycle it is not part of', async () => {
    expect(await rulesFired(c, join(dir, 'c.ts'))).toEqual([]);
  });
});
