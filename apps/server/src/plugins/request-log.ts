// What the log may hold of a request: never a credential. Headers that carry one are redacted, a
// credential that travels in a URL (a stream or export ticket) is masked, and a failed query is logged
// without its parameter values, which can be a password's or a code's hash.
import type { FastifyRequest } from 'fastify';

const CREDENTIAL_PARAM = /^(ticket|token|code|password|secret|key)$/i;

/** An export ticket is the last segment of its download's path (Export/{exportTicket}). */
const EXPORT_TICKET_PATH = /(\/AgentSiteFrames\/Export\/)[^/?#]+/;

export function maskedUrl(path: string): string {
  const url = path.replace(EXPORT_TICKET_PATH, '$1redacted');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const secret = [...params.keys()].filter((k) => CREDENTIAL_PARAM.test(k));
  if (secret.length === 0) return url;
  for (const key of secret) params.set(key, 'redacted');
  return `${url.slice(0, q)}?${params.toString()}`;
}

const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function errorValue(err: unknown, depth = 0): LoggedError {
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown };
  return {
    type: e?.constructor?.name ?? 'Error',
    message: String(e?.message ?? err).replace(PARAMS, '\nparams: redacted'),
    stack: (e?.stack ?? '').replace(PARAMS, '\nparams: redacted'),
    ...(e?.code !== undefined ? { code: e.code } : {}),
    ...(typeof e?.query === 'string' ? { query: e.query } : {}),
    ...(e?.cause && depth < 4 ? { cause: errorValue(e.cause, depth + 1) } : {}),
  };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: errorValue,
    },
  };
}
