// The server's lint zones (eslint.config.js, decision 025) hold: each fires on an import across
// its line and stays quiet on the imports the layer is meant to use.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

/** The messages of the layering rule for `code` as if it were the file at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

const ROUTE = 'apps/server/src/x/x-routes.ts';
const SERVICE = 'apps/server/src/x/x-service.ts';
const REPOSITORY = 'apps/server/src/x/x-repository.ts';
const EXPORT = 'apps/server/src/reports/x/x-export.ts';

/** A file importing `names` from `from` and using them. */
const importing = (names: string, from: string) =>
  `import ${names} from '${from}';\nexport const used = [${names.replace(/type |[{}]/g, '')}];\n`;

describe('server lint zones', { timeout: 120_000 }, () => {
  it.each([
    [ROUTE, '{ sql }', 'drizzle-orm', /db layer/],
    [ROUTE, '{ queryRows }', '../db/query.ts', /db layer/],
    [ROUTE, 'type { Db }', '../../db/query.ts', /db layer/],
    [ROUTE, '{ agents }', '../db/schema.ts', /db layer/],
    [SERVICE, '{ sql }', 'drizzle-orm', /repositories/],
    [SERVICE, '{ eq }', 'drizzle-orm', /repositories/],
    [SERVICE, '{ queryRows }', '../db/query.ts', /no statements/],
    [SERVICE, '{ withPlanHints }', '../db/plan-hints.ts', /repositories/],
    [SERVICE, '{ agents }', '../../db/schema.ts', /repositories/],
    [SERVICE, 'type { FastifyBaseLogger }', 'fastify', /HTTP/],
    [SERVICE, 'type { FileAnswer }', '../http/route.ts', /HTTP/],
    [EXPORT, '{ sql }', 'drizzle-orm', /repositories/],
    [EXPORT, '{ queryRows }', '../../db/query.ts', /no statements/],
  ])('%s may not import %s from %s', async (file, names, from, message) => {
    const messages = await restricted(file, importing(names, from));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    [ROUTE, 'type { XService }', './x-service.ts'],
    [ROUTE, '{ route }', '../http/route.ts'],
    [SERVICE, 'type { Db, Executor }', '../db/query.ts'],
    [SERVICE, '{ isUniqueViolation }', '../db/db-errors.ts'],
    [SERVICE, '{ selectX }', './x-repository.ts'],
    [EXPORT, 'type { XService }', './x-service.ts'],
    [EXPORT, '{ prepare }', '../../export/export-source.ts'],
    [REPOSITORY, '{ sql }', 'drizzle-orm'],
    [REPOSITORY, '{ queryRows }', '../db/query.ts'],
    [REPOSITORY, '{ withPlanHints }', '../db/plan-hints.ts'],
  ])('%s may import %s from %s', async (file, names, from) => {
    expect(await restricted(file, importing(names, from))).toEqual([]);
  });

  it('the tree keeps the line: the export service and the outbox page', async () => {
    const files = [
      'apps/server/src/export/export-service.ts',
      'apps/server/src/mail/outbox-routes.ts',
    ];
    const results = await eslint.lintFiles(files);
    expect(results).toHaveLength(2);
    expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).not.toContain(
      'no-restricted-imports',
    );
  });
});
