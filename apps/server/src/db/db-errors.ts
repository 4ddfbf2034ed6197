// What a driver error means, read the same way for node-postgres and PGlite (both give PostgreSQL's
// SQLSTATE in `code`; drizzle wraps them, so the cause chain is walked).

function* causes(err: unknown): Generator<Record<string, unknown>> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as Record<string, unknown>;
    e = (e as { cause?: unknown }).cause;
  }
}

/** A unique index refused the row: another transaction committed the same key first. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (const e of causes(err)) if (e.code === '23505' && e.constraint === constraint) return true;
  return false;
}

// "The database is not there right now, or not in time": a retry later may well succeed.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '57014', // query_canceled (statement_timeout)
  '55P03', // lock_not_available (lock_timeout)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i;

export function isUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
