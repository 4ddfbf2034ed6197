// PostgreSQL text cannot hold a NUL character: a value with one would fail in the database as a
// 500. No real input carries one, so it is refused at the door, after the caller and the schema.
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors.ts';

function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

export function textInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const where = findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (where)
      throw new ValidationError(`Invalid request: ${where}: must not contain a NUL character`);
  });
}
