// Input is bounded before anything walks it, and its text checked before anything stores it.
//
// First, as soon as the body is parsed (before the caller is looked up or any schema runs): a
// query or body nested deeper than any call's input, or holding more values than any call takes,
// is refused. Every walk of the input here is iterative, so a body nested 100,000 deep is a 400,
// not a stack overflow.
//
// Then, after the caller and the schema: text PostgreSQL cannot hold is refused at the door, for
// every field of every call, rather than failing in the database as a 500 — a NUL character, and a
// lone UTF-16 surrogate ("\ud800" in JSON), which is no character at all and has no UTF-8 form.
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors.ts';

/** The deepest input of the contract is an export's filters (body.filters.field): 3 levels. */
export const MAX_INPUT_DEPTH = 16;
/** The largest input of the contract holds a few dozen values. */
export const MAX_INPUT_VALUES = 10_000;

interface Visit {
  value: unknown;
  path: string;
  depth: number;
}

/** Every value of an input, depth first, with its path; iterative, so any depth is safe to walk. */
function* valuesOf(root: unknown, rootPath: string): Generator<Visit> {
  const stack: Visit[] = [{ value: root, path: rootPath, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    yield visit;
    const { value, path, depth } = visit;
    if (!value || typeof value !== 'object') continue;
    for (const [key, inner] of Object.entries(value)) {
      stack.push({ value: inner, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
}

/** Refuses an input deeper or larger than any call takes, before its values are visited further. */
function checkBounds(input: unknown, part: string): void {
  let values = 0;
  for (const { depth } of valuesOf(input, part)) {
    if (depth > MAX_INPUT_DEPTH)
      throw new ValidationError(
        `Invalid request: ${part} is nested more than ${MAX_INPUT_DEPTH} levels deep`,
      );
    if (++values > MAX_INPUT_VALUES)
      throw new ValidationError(
        `Invalid request: ${part} holds more than ${MAX_INPUT_VALUES} values`,
      );
  }
}

/** The path of the first text the database cannot store, and why, or null. */
function unstorableText(input: unknown, part: string): { path: string; why: string } | null {
  for (const { value, path } of valuesOf(input, part)) {
    if (typeof value !== 'string') continue;
    if (value.includes('\u0000')) return { path, why: 'must not contain a NUL character' };
    if (!value.isWellFormed())
      return { path, why: 'must be well-formed text (it holds a lone UTF-16 surrogate)' };
  }
  return null;
}

export function textInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkBounds(request.query, 'querystring');
    checkBounds(request.body, 'body');
  });
  app.addHook('preHandler', async (request) => {
    const found =
      unstorableText(request.query, 'querystring') ?? unstorableText(request.body, 'body');
    if (found) throw new ValidationError(`Invalid request: ${found.path}: ${found.why}`);
  });
}
