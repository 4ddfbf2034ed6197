// What a service logs through: the request's or the app's logger, by the shape it uses, so a
// service depends on no HTTP framework (Fastify's loggers fit it).
interface LogFn {
  (msg: string): void;
  (obj: object, msg: string): void;
}

export interface Log {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
