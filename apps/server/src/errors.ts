// Typed errors thrown by services; one handler (plugins/error-handler.ts) maps them to the error body.

export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(message = 'You may not do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(retryAfterSeconds: number, message?: string) {
    super(429, message ?? `Too many attempts; try again in ${retryAfterSeconds} s`, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  constructor(message = 'The service is briefly unavailable; try again') {
    super(503, message);
  }
}
