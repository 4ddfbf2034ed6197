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
function checkBounds(input: unknown): void {
  let values = 0;
  for (const { depth } of valuesOf(input, '')) {
    if (depth > MAX_INPUT_DEPTH)
      throw new ValidationError('input_too_deep', { depth: MAX_INPUT_DEPTH });
    if (++values > MAX_INPUT_VALUES)
      throw new ValidationError('input_too_large', { count: MAX_INPUT_VALUES });
  }
}

/** The path (`Title`, `filters.search`) of the first text the database cannot store, or null. */
function unstorableText(input: unknown): string | null {
  for (const { value, path } of valuesOf(input, '')) {
    if (typeof value === 'string' && (value.includes('\u0000') || !value.isWellFormed()))
      return path.slice(1);
  }
  return null;
}

/**
 * Both checks at once, for input parsed after the hooks ran (each line of an NDJSON batch, whose
 * body reaches the handler as one string): a ValidationError for the first that fails.
 */
export function checkInput(input: unknown): void {
  checkBounds(input);
  const field = unstorableText(input);
  if (field !== null) throw new ValidationError('text_unstorable', { field });
}

export function textInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkBounds(request.query);
    checkBounds(request.body);
  });
  app.addHook('preHandler', async (request) => {
    const field = unstorableText(request.query) ?? unstorableText(request.body);
    if (field !== null) throw new ValidationError('text_unstorable', { field });
  });
}
