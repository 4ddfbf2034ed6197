// Typed errors thrown by services; one handler (plugins/error-handler.ts) maps them to the error body.
// Each carries a code of the contract's list and its parameters; the English message is the code's.
import { errorMessage, isErrorCode, type ErrorCode, type ErrorParams } from '@backline/contract';

/**
 * What a refusal is: a code with its parameters (the way to throw), or, for text no person reads
 * (seed options, invariants), a plain message, which answers with the class's general code.
 */
type Reason = [code: ErrorCode, params?: ErrorParams] | [message: string];

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  readonly headers: Record<string, string>;
  constructor(
    statusCode: number,
    general: ErrorCode,
    reason: Reason,
    headers: Record<string, string> = {},
  ) {
    const [first, params = {}] = reason;
    const code = isErrorCode(first) ? first : general;
    super(isErrorCode(first) ? errorMessage(code, params) : first);
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
    this.headers = headers;
  }
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  constructor(...reason: Reason) {
    super(400, 'invalid_request', reason);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(...reason: Reason | []) {
    super(401, 'unauthorized', reason.length ? reason : ['unauthorized']);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(...reason: Reason) {
    super(403, 'invalid_request', reason);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(...reason: Reason | []) {
    super(404, 'not_found', reason.length ? reason : ['not_found']);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(...reason: Reason) {
    super(409, 'invalid_request', reason);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  /** A locked account answers with `wrong_credentials`, so the lock tells a guesser nothing more. */
  constructor(retryAfterSeconds: number, code: ErrorCode = 'too_many_attempts') {
    super(429, code, [code, { seconds: retryAfterSeconds }], {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  constructor(...reason: Reason | []) {
    super(503, 'service_unavailable', reason.length ? reason : ['service_unavailable']);
  }
}
