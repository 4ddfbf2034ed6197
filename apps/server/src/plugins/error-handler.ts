// The one error handler: every failure becomes { Message, StatusCode, RequestId }; 5xx never leak internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { isUnavailable } from '../db/db-errors.ts';

export function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  message: string,
) {
  return reply
    .code(status)
    .type('application/json')
    .send({ Message: message, StatusCode: status, RequestId: request.id });
}

export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'input';
      const details = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${where}${path ? `.${path}` : ''}: ${v.message}`;
      });
      return send(reply, request, 400, `Invalid request: ${details.join('; ')}`);
    }
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(reply, request, err.statusCode, err.message);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause }, 'response did not match its contract');
      return send(reply, request, 500, 'Server error');
    }
    if (isUnavailable(err)) {
      request.log.warn({ code: (err as { code?: string }).code }, 'database unavailable');
      reply.header('retry-after', '2');
      return send(reply, request, 503, 'The service is briefly unavailable; try again');
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) return send(reply, request, status, err.message);
    request.log.error({ err }, 'unhandled error');
    return send(reply, request, 500, 'Server error');
  });
}
