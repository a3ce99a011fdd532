import type { FastifyServerOptions } from 'fastify';

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
