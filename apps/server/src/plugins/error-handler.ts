// The one error handler: every failure becomes { Code, Params, Message, StatusCode, RequestId };
// 5xx never leak internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { errorMessage, fieldWords, type ErrorCode, type ErrorParams } from '@backline/contract';
import { AppError } from '../errors.ts';
import { isUnavailable } from '../db/db-errors.ts';

/** The one error body: a code of the contract's list, its parameters and the English message. */
export function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  params: ErrorParams = {},
  message = errorMessage(code, params),
) {
  return reply.code(status).type('application/json').send({
    Code: code,
    Params: params,
    Message: message,
    StatusCode: status,
    RequestId: request.id,
  });
}

/** What fastify itself refuses (a body too large, JSON it cannot read, no such route), by status. */
function generalCode(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 413) return 'body_too_large';
  if (status === 408) return 'request_timeout';
  return 'invalid_request';
}

/** The value a field path (`Legs.0.Risk`) names in what was sent, if any. */
function valueAt(sent: unknown, path: string): unknown {
  let at = sent;
  for (const key of path ? path.split('.') : []) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The field goes out as its path in the call, which the web app turns into the field's label;
      // the message words it too, so no internal name reaches a person either way.
      const where = err.validationContext ?? 'input';
      const [first] = err.validation;
      const field = first!.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const sent = where === 'body' ? request.body : where === 'querystring' ? request.query : {};
      const code = valueAt(sent, field) === undefined ? 'field_required' : 'invalid_field';
      const details = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${fieldWords(path || where)}: ${v.message}`;
      });
      const message = `Invalid request: ${details.join('; ')}`;
      return send(reply, request, 400, code, { field: field || where }, message);
    }
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(reply, request, err.statusCode, err.code, err.params, err.message);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause }, 'response did not match its contract');
      return send(reply, request, 500, 'server_error');
    }
    if (isUnavailable(err)) {
      request.log.warn({ code: (err as { code?: string }).code }, 'database unavailable');
      reply.header('retry-after', '2');
      return send(reply, request, 503, 'service_unavailable');
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = generalCode(status);
      return send(reply, request, status, code, {}, `${errorMessage(code)}: ${err.message}`);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, request, 500, 'server_error');
  });
}
