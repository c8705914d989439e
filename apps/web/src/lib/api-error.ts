import type { ErrorCode, Issue } from '@outing/contract';
import { t } from '../i18n/i18n';

/**
 * Shown when the server cannot be reached or answers something that is not our envelope ('An error occurred,
 * please try again later.'), in the interface's language at the time of the call.
 */
export const genericErrorMessage = (): string => t('errors.generic');

/** The contract's codes, plus two for failures that never reached a well-formed answer (status 0). */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** Every failed call rejects with this (kept apart from the client so the start-up bundle needs no zod). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: Issue[];
  /** Top-level fields of the error body beyond the envelope, e.g. `email` of `EMAIL_NOT_VERIFIED`. */
  readonly details: Readonly<Record<string, unknown>>;
  /** Seconds from a `Retry-After` header (429), else null. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    issues?: Issue[];
    details?: Record<string, unknown>;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues ?? [];
    this.details = Object.freeze({ ...init.details });
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
