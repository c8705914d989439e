import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ErrorCode } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { server } from './server';

export interface SeenRequest {
  body: unknown;
  authorization: string | null;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Answers `method path` (under /v1) with `body` and records what each request sent. */
export function answer(
  method: Method,
  path: string,
  body: JsonBodyType,
  init: { status?: number; headers?: Record<string, string> } = {},
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.use(
    http[method](`${API_BASE}${path}`, async ({ request }) => {
      const text = await request.text();
      seen.push({
        body: text ? JSON.parse(text) : undefined,
        authorization: request.headers.get('Authorization'),
      });
      return HttpResponse.json(body, { status: init.status ?? 200, headers: init.headers });
    }),
  );
  return seen;
}

export function success(data: unknown, extra: Record<string, unknown> = {}) {
  return { status: 'success', message: 'OK', data, ...extra } as JsonBodyType;
}

export function failure(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return { status: 'error', message, code, data: null, ...extra } as JsonBodyType;
}

/** The error code the server uses with each status. */
export const codeFor: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  502: 'BAD_GATEWAY',
  503: 'UNAVAILABLE',
};

/** Answers with the error envelope of `status` (a network failure for status 0). */
export function answerError(method: Method, path: string, status: number, message = 'Server says no.') {
  if (status === 0) {
    server.use(http[method](`${API_BASE}${path}`, () => HttpResponse.error()));
    return [];
  }
  return answer(method, path, failure(codeFor[status] ?? 'INTERNAL', message), { status });
}
