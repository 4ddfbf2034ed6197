// A plain valid value for any contract schema, so a call that is allowed can succeed: optional
// fields left out, defaults kept, small numbers, today's date, and a few values only a name gives.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { JsonSchema } from './contract-walk.ts';

let counter = 0;
const unique = () => `${process.pid % 1000}${++counter}`;

/**
 * Values a schema cannot tell: what the site's sign-up form requires, a login nobody has, a
 * password the policy accepts, and "reject" so a decision leaves the agent tree as it is.
 */
const BY_NAME: Readonly<Record<string, () => unknown>> = {
  NewPassword: () => `matrix pass phrase ${unique()}`,
  password: () => `matrix pass phrase ${unique()}`,
  Login: () => `mx${unique()}`,
  login: () => `mx${unique()}`,
  FirstName: () => 'Matrix',
  LastName: () => 'Check',
  Phone: () => '+1 555 0100',
  Country: () => 'US',
  City: () => 'Miami',
  BirthDate: () => '1990-01-01',
  Decision: () => 'reject',
};

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export function isDateSchema(s: JsonSchema): boolean {
  return s.format === 'date' || s.pattern === DATE_PATTERN;
}

export function nonNull(s: JsonSchema): JsonSchema {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!;
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== 'null') };
  return s;
}

export function integerBounds(s: JsonSchema): { min: number; max: number } {
  const min =
    s.minimum ??
    (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER);
  const max =
    s.maximum ??
    (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER);
  return {
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  };
}

function text(s: JsonSchema): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  return 'matrix check '
    .repeat(Math.ceil(Math.max(min, 1) / 13))
    .slice(0, Math.min(max, Math.max(min, 12)));
}

export function sampleOf(schema: JsonSchema, today: string, name?: string): unknown {
  const byName = name ? BY_NAME[name] : undefined;
  if (byName) return byName();
  const s = nonNull(schema);
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string':
      if (isDateSchema(s)) return today;
      if (s.format === 'email') return `matrix${unique()}@example.test`;
      if (s.format === 'uri') return 'http://localhost:5173/';
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.pattern)
        return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed: 1, numRuns: 1 })[0];
      return text(s);
    case 'integer':
    case 'number': {
      const { min, max } = integerBounds(s);
      return min <= 1 && 1 <= max ? 1 : min;
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items ?? {}, today));
    case 'object':
      return sampleObject(s, today);
    default:
      return 'matrix';
  }
}

/** Required properties, plus the optional ones a name gives a value to; `given` wins over both. */
export function sampleObject(
  schema: JsonSchema,
  today: string,
  given: Record<string, unknown> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (name in given) out[name] = given[name];
    else if (schema.required?.includes(name) || name in BY_NAME)
      out[name] = sampleOf(prop, today, name);
  }
  return out;
}

/** Sets a value deep in an input, making the objects on the way. */
export function setPath(input: Record<string, unknown>, path: string[], value: unknown): void {
  let at = input;
  for (const key of path.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
}
