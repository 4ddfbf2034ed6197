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

/** An error class of one status: thrown bare, it answers with the status's general code. */
function refusal(className: string, statusCode: number, general: ErrorCode) {
  const Refusal = class extends AppError {
    override name = className;
    constructor(...reason: Reason | []) {
      super(statusCode, general, reason.length ? reason : [general]);
    }
  };
  // Logs name the error by its constructor.
  Object.defineProperty(Refusal, 'name', { value: className });
  return Refusal;
}

/** Thrown with its reason only: a bare `invalid_request` would not tell the caller what to fix. */
type Explained = new (...reason: Reason) => AppError;

export const ValidationError: Explained = refusal('ValidationError', 400, 'invalid_request');
export type ValidationError = AppError;
export const UnauthorizedError = refusal('UnauthorizedError', 401, 'unauthorized');
export type UnauthorizedError = AppError;
export const ForbiddenError: Explained = refusal('ForbiddenError', 403, 'invalid_request');
export type ForbiddenError = AppError;
export const NotFoundError = refusal('NotFoundError', 404, 'not_found');
export type NotFoundError = AppError;
export const ConflictError: Explained = refusal('ConflictError', 409, 'invalid_request');
export type ConflictError = AppError;
export const ServiceUnavailableError = refusal(
  'ServiceUnavailableError',
  503,
  'service_unavailable',
);
export type ServiceUnavailableError = AppError;

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  /** A locked account answers with `wrong_credentials`, so the lock tells a guesser nothing more. */
  constructor(retryAfterSeconds: number, code: ErrorCode = 'too_many_attempts') {
    super(429, code, [code, { seconds: retryAfterSeconds }], {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
