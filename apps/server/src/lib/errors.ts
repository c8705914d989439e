import type { ErrorCode, Issue } from '@outing/contract';

/** The one error type: every failure the API reports is an AppError, mapped to HTTP in the app's error handler. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    /** Extra top-level fields of the error body, and headers (e.g. Retry-After). */
    readonly extra?: { body?: Record<string, unknown>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, issues?: Issue[]) =>
  new AppError(400, 'VALIDATION', message, issues);
export const unauthenticated = (message = 'Please sign in again.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.', code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const badGateway = (message: string) => new AppError(502, 'BAD_GATEWAY', message);
export const unavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new AppError(503, 'UNAVAILABLE', message);

/** Errors meaning "the database cannot be reached right now" rather than "this request is wrong". */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`: look a few causes deep.
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
