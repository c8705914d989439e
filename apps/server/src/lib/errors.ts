import type { ErrorCode, ErrorReason, Issue } from '@outing/contract';

/** Extra parts of an error's answer: its reason, top-level fields of the body, and headers (e.g. Retry-After). */
export type AppErrorExtra = {
  reason?: ErrorReason;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
};

/**
 * The one error type: every failure the API reports is an AppError, mapped to HTTP in the app's error handler. Every
 * refusal names its `reason` (packages/contract error-reasons.ts, decision 021), except a 400 whose `issues` name the
 * fields at fault; `error-reasons.test.ts` reads the sources and holds every throw site to that.
 */
export class AppError extends Error {
  readonly reason?: ErrorReason;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    readonly extra?: AppErrorExtra,
  ) {
    super(message);
    this.name = 'AppError';
    if (extra?.reason) this.reason = extra.reason;
  }
}

/**
 * A 400. With `issues` (the fields at fault, each with its message) it is a validation error and a reason is
 * optional; without them it is a refusal of its own and names its reason.
 */
export function badRequest(message: string, issues: Issue[], reason?: ErrorReason): AppError;
export function badRequest(message: string, reason: ErrorReason): AppError;
export function badRequest(message: string, issuesOrReason: Issue[] | ErrorReason, reason?: ErrorReason) {
  return typeof issuesOrReason === 'string'
    ? new AppError(400, 'VALIDATION', message, undefined, { reason: issuesOrReason })
    : new AppError(400, 'VALIDATION', message, issuesOrReason, reason ? { reason } : undefined);
}
export const unauthenticated = (message: string, reason: ErrorReason) =>
  new AppError(401, 'UNAUTHENTICATED', message, undefined, { reason });
export const forbidden = (message: string, reason: ErrorReason, code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message, undefined, { reason });
/** A guest token (docs/decisions/026-guests.md) outside its one room, or on an endpoint not open to guests. */
export const guestNotAllowed = () =>
  forbidden(
    'Guests can only use their own room. Create an account to do more.',
    'GUEST_NOT_ALLOWED',
    'GUEST_NOT_ALLOWED',
  );
export const notFound = (message: string, reason: ErrorReason) =>
  new AppError(404, 'NOT_FOUND', message, undefined, { reason });
export const conflict = (message: string, reason: ErrorReason, code: ErrorCode = 'CONFLICT') =>
  new AppError(409, code, message, undefined, { reason });
export const tooMany = (message: string, reason: ErrorReason, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, {
    reason,
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const badGateway = (message: string, reason: ErrorReason) =>
  new AppError(502, 'BAD_GATEWAY', message, undefined, { reason });
export const unavailable = (
  message = 'The service is temporarily unavailable. Please try again shortly.',
  reason: ErrorReason = 'DATABASE_UNAVAILABLE',
) => new AppError(503, 'UNAVAILABLE', message, undefined, { reason });

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
