// fast-check inputs for any contract schema: values of the right shape (real ids mixed in, so
// calls reach past the scope checks) and hostile ones in every place a value can go.
import fc from 'fast-check';
import { branches, type JsonSchema } from './contract-walk.ts';
import { integerBounds, isDateSchema, nonNull } from './samples.ts';

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Values no field expects: edges of numbers, injection fragments, bad dates, odd text and types. */
export const HOSTILE_VALUES: readonly unknown[] = [
  -1,
  0,
  -0.5,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  '9007199254740993',
  '1e309',
  '0x1F',
  '-0',
  'NaN',
  'Infinity',
  "' OR '1'='1",
  "'; DROP TABLE players; --",
  '1 UNION SELECT password_hash FROM agents',
  '%_%',
  '\\',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\u202egnp.exe',
  '💸'.repeat(40),
  'x'.repeat(10_000),
  'é'.repeat(60_000),
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-1-1',
  '+275760-09-13',
  '2026-11-18T25:61:00Z',
  'today',
  '!!!',
  '====',
  encode('a|b'),
  '',
  ' ',
  null,
  true,
  false,
  [],
  [null],
  {},
  { $ne: null },
  JSON.parse('{"__proto__": {"admin": true}}'),
  JSON.parse('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'),
];

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Real ids of the demo (agents, players, wagers, notifications, sign-ups of both sites). */
export interface Pools {
  ids: readonly number[];
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const dates = fc.oneof(
  fc
    .date({ min: new Date('2026-06-01'), max: new Date('2027-01-31'), noInvalidDate: true })
    .map(day),
  fc
    .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
    .map(day),
);

function typed(s: JsonSchema, name: string | undefined, pools: Pools): fc.Arbitrary<unknown> {
  s = nonNull(s);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string': {
      if (isDateSchema(s)) return dates;
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.oneof(fc.webUrl(), fc.constant('http://localhost:5173/x'));
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      return fc.string({
        minLength: s.minLength ?? 0,
        maxLength: Math.min(s.maxLength ?? 40, 300),
      });
    }
    case 'integer':
    case 'number': {
      const { min, max } = integerBounds(s);
      const wide = fc.integer({ min, max });
      const [lo, hi] = [Math.max(min, -(2 ** 31)), Math.min(max, 2 ** 31)];
      const ints = lo <= hi ? fc.integer({ min: lo, max: hi }) : wide;
      return /^id|Id$|^agent$/.test(name ?? '') && pools.ids.length
        ? fc.oneof(fc.constantFrom(...pools.ids), ints)
        : fc.oneof(ints, wide);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(s.items ?? {}, undefined, pools), { maxLength: 4 });
    case 'object':
      return objectOf(s, pools);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly a value of the field's type; now and then a hostile one in its place. */
export function valueOf(
  s: JsonSchema,
  name: string | undefined,
  pools: Pools,
): fc.Arbitrary<unknown> {
  const shapes = branches(s);
  const right =
    shapes.length > 1
      ? fc.oneof(...shapes.map((b) => typed(b, name, pools)))
      : typed(s, name, pools);
  return fc.oneof({ weight: 9, arbitrary: right }, { weight: 1, arbitrary: hostile });
}

function objectOf(s: JsonSchema, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const model = Object.fromEntries(props.map(([k, p]) => [k, valueOf(p, k, pools)]));
  return fc.record(model, {
    requiredKeys: (s.required ?? []).filter((k) => k in model),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * A whole query or body: one of the schema's shapes with values as above, sometimes with keys it
 * does not know, sometimes something else entirely.
 */
export function inputOf(
  schema: JsonSchema | undefined,
  pools: Pools,
  /** A query string is always names and values: it is never replaced by one hostile value. */
  isQuery = false,
): fc.Arbitrary<unknown> {
  const shapes = schema ? branches(schema) : [{ type: 'object', properties: {} } as JsonSchema];
  const shaped = fc.oneof(...shapes.map((s) => typed(s, undefined, pools)));
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'SiteId')),
    hostile,
    { maxKeys: 3 },
  );
  const withExtra = fc.tuple(shaped, extra).map(([a, b]) => ({ ...(a as object), ...b }));
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 2, arbitrary: withExtra },
    ...(isQuery ? [] : [{ weight: 1, arbitrary: hostile }]),
  );
}
