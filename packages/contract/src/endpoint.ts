// One object per call: method, base, path, query, body and responses, all zod; both sides use it.
import { z } from 'zod';
import type { Right } from './enums.ts';

export const ErrorBody = z.object({
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
> {
  method: 'GET' | 'POST';
  base: ApiBase;
  path: string;
  summary: string;
  audience: Audience;
  /** The agent right the call needs, on top of the audience. */
  right?: Right;
  query?: Q;
  body?: B;
  response: R;
}

export function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<Q, B, R>,
): Endpoint<Q, B, R> {
  return e;
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The default mount points of the bases; both are configurable on the server and the client. */
export const DEFAULT_BASES: Record<ApiBase, string> = {
  core: '/api/core/',
  reports: '/api/reports/',
  assets: '/assets/',
};

/** Ids are PostgreSQL integers: anything larger names nothing (and must not reach a query). */
export const MAX_ID = 2_147_483_647;

export const Id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_ID, 'is too large for an id');

/** A site id in a query or body (coerced from text, as query values are). */
export const SiteId = z.coerce
  .number({ error: 'must be a site id' })
  .int('must be a site id')
  .positive('must be a site id')
  .max(MAX_ID, 'is not a site id');

/** A query id that may be sent as "null" or left out, meaning "the caller's own". */
export const OptionalId = z.preprocess(
  (v) => (v === 'null' || v === '' || v === null ? undefined : v),
  Id.optional(),
);

export const QueryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

export const Timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp' });

export const Ok = z.object({ Ok: z.literal(true) });
