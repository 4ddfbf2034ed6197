// One object per call: method, base, path, query, body and responses, all zod; both sides use it.
import { z } from 'zod';
import type { Right } from './enums.ts';
import { ERROR_CODES } from './errors.ts';

export * from './errors.ts';

/** Every refusal: the stable `Code` the web app words from, its `Params`, and an English `Message`. */
export const ErrorBody = z.object({
  Code: z.enum(ERROR_CODES),
  Params: z.record(z.string(), z.union([z.string(), z.number()])),
  Message: z.string(),
  StatusCode: z.number().int(),
  RequestId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type ApiBase = 'core' | 'reports' | 'assets';

/**
 * Who may call: anyone, an agent session, a player (frames) session, either session, or an
 * embedding site's server identified by its site key (X-Site-Key header).
 */
export type Audience = 'public' | 'agent' | 'player' | 'session' | 'site';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Audience = Audience,
> {
  method: 'GET' | 'POST';
  base: ApiBase;
  path: string;
  summary: string;
  /** Kept as its literal, so the server hands a handler the caller this audience admits. */
  audience: A;
  /** The agent right the call needs, on top of the audience. */
  right?: Right;
  query?: Q;
  body?: B;
  response: R;
}

export function endpoint<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends Audience,
>(e: Endpoint<Q, B, R, A>): Endpoint<Q, B, R, A> {
  return e;
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
/** A call's query and body as its schema parsed them (defaults filled in): what a server reads. */
export type ParsedQueryOf<E> =
  E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type ParsedBodyOf<E> =
  E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;

/** The default mount points of the bases; both are configurable on the server and the client. */
export const DEFAULT_BASES: Record<ApiBase, string> = {
  core: '/api/core/',
  reports: '/api/reports/',
  assets: '/assets/',
};

/** Ids are PostgreSQL integers: anything larger names nothing (and must not reach a query). */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number as JSON writes it, or as a query string spells it ("12"). Nothing else becomes a
 * number: `true` is not id 1, and "", " 1" or "1e3" are refused rather than read as 0, 1 or 1000.
 */
export const fromDigits = (v: unknown): unknown =>
  typeof v === 'string' && /^-?\d{1,16}$/.test(v) ? Number(v) : v;

/** A whole number from `min` to `max` (a page, a page size), from digits as `fromDigits` reads them. */
export function WholeNumber(error: string, min: number, max: number) {
  return z.preprocess(fromDigits, z.number({ error }).int(error).min(min).max(max));
}

export const Id = z.preprocess(
  fromDigits,
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(MAX_ID, 'is too large for an id'),
);

/** A site id in a query or body (from digits, as query values are). */
export const SiteId = z.preprocess(
  fromDigits,
  z
    .number({ error: 'must be a site id' })
    .int('must be a site id')
    .positive('must be a site id')
    .max(MAX_ID, 'is not a site id'),
);

export const QueryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

export const Timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp' });
/**
 * What "left out" may be written as: JSON null, and in a query string (which cannot write null)
 * the empty value or "null", where that text could not be a value of the field itself.
 */
function leftOut(schema: z.ZodType) {
  return (v: unknown) =>
    v === null || ((v === '' || v === 'null') && !schema.safeParse(v).success) ? undefined : v;
}

/**
 * An optional input: null is the same as leaving the field out, for every optional field of every
 * call (made with this or `defaulted`), so no filter takes null beside one that refuses it.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    leftOut(schema) as (v: z.input<T> | null | undefined) => unknown,
    schema.optional(),
  );
}

/** An optional input with a default: null, or left out, is the default. */
export function defaulted<T extends z.ZodType>(schema: T, value: z.util.NoUndefined<z.output<T>>) {
  return z.preprocess(
    leftOut(schema) as (v: z.input<T> | null | undefined) => unknown,
    schema.default(value),
  );
}

/** A query or body id that may be left out, meaning "the caller's own". */
export const OptionalId = optional(Id);

export const Ok = z.object({ Ok: z.literal(true) });

/** The calls a module exports (its endpoints), leaving its schemas and constants out. */
export type EndpointsOf<M> = { [K in keyof M as M[K] extends Endpoint ? K : never]: M[K] };
type Merged<Ms extends readonly unknown[]> = Ms extends readonly [infer M, ...infer Rest]
  ? EndpointsOf<M> & Merged<Rest>
  : unknown;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value;

/** Every call of the given modules, keyed by its name; two calls of one name are a mistake. */
export function endpointsOf<const Ms extends readonly object[]>(
  ...modules: Ms
): { [K in keyof Merged<Ms>]: Merged<Ms>[K] } {
  const calls: Record<string, Endpoint> = {};
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (!isEndpoint(value)) continue;
      if (name in calls) throw new Error(`two calls are named ${name}`);
      calls[name] = value;
    }
  }
  return calls as { [K in keyof Merged<Ms>]: Merged<Ms>[K] };
}
