import type { ErrorCode, Issue } from '@outing/contract';

/** Shown when the server cannot be reached or answers something that is not our envelope. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred, please try again later.';

/** The contract's codes, plus two for failures that never reached a well-formed answer (status 0). */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** Every failed call rejects with this (kept apart from the client so the start-up bundle needs no zod). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: Issue[];

  constructor(init: { status: number; code: ApiErrorCode; message: string; issues?: Issue[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
