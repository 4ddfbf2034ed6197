// Every input field of every call, read from the contract itself: an optional field takes null as
// "left out" (issue 14 item 14), and an id is a whole number, never read from true or false (item 15).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, PlayerHistoryRequest, WagerFilter } from './index.ts';
import type { Endpoint } from './core/endpoint.ts';

interface Field {
  where: string;
  name: string;
  schema: z.ZodType;
  inQuery: boolean;
}

/** The fields of every object an input schema can take, through pipes, unions and wrappers. */
function fieldsOf(schema: z.ZodType | undefined, where: string, inQuery: boolean): Field[] {
  if (!schema) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (s: unknown, w = where) => fieldsOf(s as z.ZodType, w, inQuery);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => [
        { where: `${where}.${name}`, name, schema: field, inQuery },
        ...inner(field, `${where}.${name}`).filter((f) => f.where !== `${where}.${name}`),
      ]);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => inner(o));
    case 'optional':
    case 'nullable':
    case 'default':
      return inner(def.innerType);
    default:
      return [];
  }
}

const fields: Field[] = Object.entries(api as Record<string, Endpoint>).flatMap(([name, e]) => [
  ...fieldsOf(e.query, `${name}.query`, true),
  ...fieldsOf(e.body, `${name}.body`, false),
]);
const unique = [...new Map(fields.map((f) => [f.where, f])).values()];
const optionalFields = unique.filter((f) => f.schema.safeParse(undefined).success);
const ID_NAME = /^(id|Id)[A-Z]|^agent$|^SiteId$|^lastEventId$/;
/** Ids the server makes as UUIDs (webhook deliveries) rather than as whole numbers. */
const A_UUID = '0b6f2a1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const isUuidId = (f: Field) => f.schema.safeParse(A_UUID).success;
const idFields = unique.filter((f) => ID_NAME.test(f.name) && !isUuidId(f));
const uuidIdFields = unique.filter((f) => ID_NAME.test(f.name) && isUuidId(f));

describe('optional inputs', () => {
  it('are many: the walk reads the whole contract', () => {
    expect(optionalFields.length).toBeGreaterThan(40);
  });

  it.each(optionalFields.map((f) => [f.where, f] as const))(
    '%s: null is the same as leaving it out',
    (_, f) => {
      const absent = f.schema.safeParse(undefined);
      const asNull = f.schema.safeParse(null);
      expect(asNull.success).toBe(true);
      expect(asNull.data).toEqual(absent.data);
    },
  );

  it.each(optionalFields.filter((f) => f.inQuery).map((f) => [f.where, f] as const))(
    '%s: in a query string, "" and "null" leave it out unless they are values of the field',
    (_, f) => {
      const absent = f.schema.safeParse(undefined).data;
      for (const text of ['', 'null']) {
        const parsed = f.schema.safeParse(text);
        expect(parsed.success).toBe(true);
        if (parsed.data !== text) expect(parsed.data).toEqual(absent);
      }
    },
  );
});

describe('id inputs', () => {
  it('are found in the contract', () => {
    expect(idFields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['idAgent', 'idPlayer', 'idWager', 'IdAgent', 'IdPlayer', 'SiteId']),
    );
  });

  it.each(idFields.map((f) => [f.where, f] as const))(
    '%s: a whole number, from digits in a query, never from a boolean or other text',
    (_, f) => {
      expect(f.schema.safeParse(7).data).toBe(7);
      // A body may take an id only as a number; a query string spells every id in digits.
      const digits = f.schema.safeParse('7');
      if (f.inQuery || digits.success) expect(digits.data).toBe(7);
      for (const wrong of [true, false, ' 7', '7.0', '1e3', '0x7', 7.5, 0, -7, [], {}]) {
        expect(f.schema.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
      }
    },
  );
});

describe('uuid id inputs', () => {
  it.each(uuidIdFields.map((f) => [f.where, f] as const))(
    '%s: a UUID as written, never a number, a boolean or other text',
    (_, f) => {
      expect(f.schema.safeParse(A_UUID).data).toBe(A_UUID);
      for (const wrong of [true, false, 7, '7', ` ${A_UUID}`, A_UUID.slice(1), [], {}]) {
        expect(f.schema.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
      }
    },
  );
});

describe('numbers of a query', () => {
  it('page, period and transaction type take digits and refuse booleans', () => {
    const q = WagerFilter;
    expect(q.safeParse({ page: '2', pageSize: '25' }).data).toMatchObject({
      page: 2,
      pageSize: 25,
    });
    expect(q.safeParse({ page: true }).success).toBe(false);
    expect(q.safeParse({ page: null, pageSize: null }).data).toMatchObject({
      page: 1,
      pageSize: 50,
    });
    const history = PlayerHistoryRequest;
    const base = { idPlayer: 1, period: 2 };
    expect(history.safeParse({ ...base, transactionType: '-1' }).data?.transactionType).toBe(-1);
    expect(history.safeParse({ ...base, transactionType: true }).success).toBe(false);
    expect(history.safeParse({ ...base, period: true }).success).toBe(false);
  });
});
