import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** Query parameters whose values never reach the logs. */
const SECRET_QUERY_KEYS = /^(token|key|api_key|apikey|secret|code|state|password|signature|sig)$/i;

/** `url` with the values of secret-looking query parameters replaced. */
export function redactUrlForLog(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** pino options: structured JSON, secrets and cookies never written. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        '*.secret',
        '*.serverSecret',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrlForLog(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** pino's levels by value: a line is written when its level's value is at least the logger's. */
const LEVEL_VALUES: Record<string, number> = {
  fatal: 60,
  error: 50,
  warn: 40,
  info: 30,
  debug: 20,
  trace: 10,
};
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const enabled = (logger: FastifyBaseLogger, level: string) =>
  (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[logger.level] ?? Number.POSITIVE_INFINITY);

/**
 * A request's logger, made only when the request logs something at an enabled level: pino builds a
 * child (and serialises its bindings) for every request otherwise, which costs a quarter of a bare
 * Fastify answer's time, while most answers at the default levels write no line of their own.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.#child && !enabled(this.parent, level)) return;
    const child = this.real();
    Reflect.apply(child[level], child, args);
  }

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a `LazyRequestLogger`. */
export const lazyRequestLoggers = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new LazyRequestLogger(logger, bindings, options);
