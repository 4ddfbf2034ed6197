// The response serializer: every answer is checked against its contract schema and cut down to the
// schema's own fields (nothing a service adds by mistake reaches the caller), then written as JSON.
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type ZodType } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * As the type provider's own serializer, with `parse` where it uses `encode`. No response schema
 * of the contract has a codec, so both give the same JSON; encode checks every value with checks
 * twice (a first pass without them, then with them), parse once. A codec added to a response would
 * fail its API tests here, as the wire form would not parse as the value the service returns.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
