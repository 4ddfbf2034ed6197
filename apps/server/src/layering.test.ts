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

describe('server lint zones', { timeout: 60_000 }, () => {
  it.each([
    [
      '{ sql } from drizzle-orm',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
      /repositories/,
    ],
    [
      '{ queryRows } from ../db/query.ts',
      "import { queryRows } from '../db/query.ts';\nexport const run = queryRows;\n",
      /db layer/,
    ],
    [
      'type { Db } from ../../db/query.ts',
      "import type { Db } from '../../db/query.ts';\nexport type D = Db;\n",
      /db layer/,
    ],
    [
      '{ agents } from ../db/schema.ts',
      "import { agents } from '../db/schema.ts';\nexport const t = agents;\n",
      /db layer/,
    ],
  ])('a route importing the db fails: %s', async (_, code, message) => {
    const messages = await restricted(ROUTE, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('a route importing its service and the route helper passes', async () => {
    const code = [
      "import type { XService } from './x-service.ts';",
      "import { route } from '../http/route.ts';",
      'export const parts: [typeof route, XService | null] = [route, null];',
      '',
    ].join('\n');
    expect(await restricted(ROUTE, code)).toEqual([]);
  });

  it.each([
    [
      '{ sql } from drizzle-orm',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n",
      /repositories/,
    ],
    [
      '{ eq } from drizzle-orm',
      "import { eq } from 'drizzle-orm';\nexport const e = eq;\n",
      /repositories/,
    ],
    [
      '{ queryRows } from ../db/query.ts',
      "import { queryRows } from '../db/query.ts';\nexport const run = queryRows;\n",
      /no statements/,
    ],
    [
      '{ withPlanHints } from ../db/plan-hints.ts',
      "import { withPlanHints } from '../db/plan-hints.ts';\nexport const w = withPlanHints;\n",
      /types only/,
    ],
    [
      '{ agents } from ../../db/schema.ts',
      "import { agents } from '../../db/schema.ts';\nexport const t = agents;\n",
      /types only/,
    ],
    [
      'type { FastifyBaseLogger } from fastify',
      "import type { FastifyBaseLogger } from 'fastify';\nexport type L = FastifyBaseLogger;\n",
      /HTTP/,
    ],
    [
      'type { FileAnswer } from ../http/route.ts',
      "import type { FileAnswer } from '../http/route.ts';\nexport type F = FileAnswer;\n",
      /HTTP/,
    ],
  ])('a service importing SQL or HTTP fails: %s', async (_, code, message) => {
    const messages = await restricted(SERVICE, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('a service taking the db handle type and its repository passes', async () => {
    const code = [
      "import type { Db, Executor } from '../db/query.ts';",
      "import { isUniqueViolation } from '../db/db-errors.ts';",
      "import * as repo from './x-repository.ts';",
      'export const parts: [Db | Executor | null, unknown, unknown] = [null, isUniqueViolation, repo];',
      '',
    ].join('\n');
    expect(await restricted(SERVICE, code)).toEqual([]);
  });

  it('a repository may write SQL', async () => {
    const code = [
      "import { sql } from 'drizzle-orm';",
      "import { queryRows, type Executor } from '../db/query.ts';",
      "import { withPlanHints } from '../db/plan-hints.ts';",
      'export const run = (db: Executor) => queryRows<{ one: number }>(db, sql`select 1 as one`);',
      'export const hinted = withPlanHints;',
      '',
    ].join('\n');
    expect(await restricted(REPOSITORY, code)).toEqual([]);
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
