import type { FastifyLoggerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { Config } from '../config.js';

/** Paths whose values never reach a log line. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["cf-access-client-secret"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.otp',
  '*.token',
  '*.resetToken',
  '*.code',
  '*.currentPassword',
  '*.newPassword',
  '*.inviteCode',
];

/**
 * The URL as logged: the socket's query string (it carries the token), any token/code/invite parameter, a calendar
 * feed's secret, an invite code and a guest link's secret in a path are dropped.
 */
export function safeUrl(url: string): string {
  // The calendar feed's path is its secret (docs/api/README.md#calendar): nothing of it is logged, however it is spelled.
  const decoded = url.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  if (/^\/v1\/+calendar\//i.test(decoded)) return '/v1/calendar/[REDACTED]';
  if (/^\/v1\/+auth\/+invites\//i.test(decoded)) return '/v1/auth/invites/[REDACTED]';
  // A guest link's secret (docs/api/README.md#guests): only a `/join` after it is kept.
  if (/^\/v1\/+guest\//i.test(decoded))
    return /^\/v1\/+guest\/+[^/?#]*\/+join\/?(\?|$)/i.test(decoded)
      ? '/v1/guest/[REDACTED]/join'
      : '/v1/guest/[REDACTED]';
  const [pathPart, query] = url.split('?', 2);
  if (query === undefined) return url;
  if (pathPart === '/v1/ws' || pathPart === '/v1/ws/') return pathPart;
  const params = new URLSearchParams(query);
  for (const key of ['token', 'code', 'otp', 'resetToken', 'invite', 'inviteCode'])
    if (params.has(key)) params.set(key, '[REDACTED]');
  return `${pathPart}?${params.toString()}`;
}

export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): FastifyLoggerOptions & LoggerOptions & { stream?: DestinationStream } {
  return {
    ...(stream ? { stream } : {}),
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[REDACTED]' },
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.url),
        ip: req.ip,
      }),
    },
    ...(config.logFormat === 'pretty' && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
