import { HttpResponse } from 'msw';
import type { ErrorCode, Issue } from '@outing/contract';

/** A success envelope (api-contract §1). */
export function ok<T>(data: T, message = 'OK', extra: { token?: string } = {}) {
  return HttpResponse.json({ status: 'success', message, data, ...extra });
}

/** An error envelope (api-contract §1). */
export function fail(status: number, code: ErrorCode, message: string, issues?: Issue[]) {
  return HttpResponse.json(
    { status: 'error', message, code, data: null, ...(issues ? { issues } : {}) },
    { status },
  );
}
