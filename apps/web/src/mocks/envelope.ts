import { HttpResponse } from 'msw';
import type { ErrorCode, Issue } from '@outing/contract';

/** A success envelope (docs/api/README.md#envelope). */
export function ok<T>(data: T, message = 'OK', extra: { token?: string; user?: unknown } = {}) {
  return HttpResponse.json({ status: 'success', message, data, ...extra });
}

/** An error envelope (docs/api/README.md#envelope), with any extra top-level fields and headers (e.g. Retry-After). */
export function fail(
  status: number,
  code: ErrorCode,
  message: string,
  issues?: Issue[],
  extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  return HttpResponse.json(
    { status: 'error', message, code, data: null, ...(issues ? { issues } : {}), ...extra.body },
    { status, headers: extra.headers },
  );
}
