import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/open-database.ts';
import { queryRows } from '../db/query.ts';
import { sites } from '../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { createAgent, rightsProblem, type NewAgent } from './agent-closure.ts';

let database: Database;
let siteId: number;
let otherSiteId: number;

function agent(
  login: string,
  parentId: number | null,
  rights: NewAgent['rights'],
  site = siteId,
): NewAgent {
  return {
    siteId: site,
    parentId,
    login,
    name: login,
    email: `${login.toLowerCase()}@test.example`,
    passwordHash: null,
    currency: 'USD',
    rights,
  };
}

beforeAll(async () => {
  database = await openDatabase({});
  const rows = await database.db
    .insert(sites)
    .values([
      { name: 'One', timeZone: 'UTC', currency: 'USD' },
      { name: 'Two', timeZone: 'UTC', currency: 'USD' },
    ])
    .returning();
  [siteId, otherSiteId] = rows.map((r) => r.id) as [number, number];
}, 60_000);
afterAll(() => database.close());

describe('createAgent', { timeout: 30_000 }, () => {
  it('writes self and one closure row per ancestor, with depths', async () => {
    const { db } = database;
    const master = await createAgent(
      db,
      agent('M', null, ['viewReports', 'deleteWagers', 'manageAgents']),
    );
    const child = await createAgent(db, agent('C', master.id, ['viewReports', 'deleteWagers']));
    const grand = await createAgent(db, agent('G', child.id, ['viewReports', 'viewOnly']));
    expect([master.depth, child.depth, grand.depth]).toEqual([0, 1, 2]);
    const closure = await queryRows<{ ancestor_id: number; depth: number }>(
      db,
      sql`select ancestor_id, depth from agent_closure where descendant_id = ${grand.id} order by depth`,
    );
    expect(closure).toEqual([
      { ancestor_id: grand.id, depth: 0 },
      { ancestor_id: child.id, depth: 1 },
      { ancestor_id: master.id, depth: 2 },
    ]);
    const under = await queryRows<{ descendant_id: number }>(
      db,
      sql`select descendant_id from agent_closure where ancestor_id = ${master.id} order by depth`,
    );
    expect(under.map((r) => r.descendant_id)).toEqual([master.id, child.id, grand.id]);
  });

  it('refuses a right the parent lacks, and a parent from another site', async () => {
    const { db } = database;
    const master = await createAgent(db, agent('M2', null, ['viewReports']));
    await expect(createAgent(db, agent('X', master.id, ['deleteWagers']))).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(createAgent(db, agent('Y', master.id, [], otherSiteId))).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('refuses a login or e-mail already taken on the site, whatever the case', async () => {
    const { db } = database;
    await createAgent(db, agent('Taken', null, []));
    await expect(createAgent(db, agent('TAKEN', null, []))).rejects.toThrow(
      'Login TAKEN is already taken',
    );
    await expect(
      createAgent(db, { ...agent('Other', null, []), email: 'TAKEN@test.example' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(createAgent(db, agent('Taken', null, [], otherSiteId))).resolves.toMatchObject({
      login: 'Taken',
    });
  });
});

describe('rightsProblem', () => {
  it('lets a child add view-only but never drop it', () => {
    expect(rightsProblem(['viewReports'], ['viewReports', 'viewOnly'])).toBeNull();
    expect(rightsProblem(['viewReports', 'viewOnly'], ['viewReports'])).toEqual([
      'view_only_inherited',
    ]);
    expect(rightsProblem(['viewReports'], ['nonsense'])).toEqual([
      'right_unknown',
      { right: 'nonsense' },
    ]);
  });
});
