// What the HTTP parser refuses before any request exists (a header block or URL too large, a
// malformed request) answers like every other error: the one error body and the API's headers.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorMessage, type ErrorCode } from '@backline/contract';
import { API_ANSWER, EVERY_ANSWER } from './security-headers.ts';

export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'body_too_large', 'The request headers or URL are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', errorMessage('request_timeout')]
        : [400, 'invalid_request', 'Malformed HTTP request'];
  const body = JSON.stringify({
    Code: code,
    Params: {},
    Message: message,
    StatusCode: status,
    RequestId: randomUUID(),
  });
  const headers = {
    ...EVERY_ANSWER,
    ...API_ANSWER,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
