import type { z } from 'zod';
import {
  fillPath,
  type EndpointBodyInput,
  type EndpointData,
  type EndpointDeclaration,
  type EndpointQueryInput,
  type PathParamNames,
} from '@outing/contract';
import { ApiError, genericErrorMessage } from './api-error';
import { reportServerReachable, reportServerUnreachable } from './connectivity';
import { notifySessionRejected } from './session-events';
import { getStoredToken } from './token-storage';
import { buildHeaders, buildUrl, type QueryParams } from './api-url';
import { takeEarlyCall } from './early-calls';
import { nextTask } from './next-task';
import { readErrorEnvelope, readSuccessEnvelope } from './envelopes';

export { ApiError, genericErrorMessage, isApiError, type ApiErrorCode } from './api-error';

export { API_BASE, type QueryParams } from './api-url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: QueryParams;
  /**
   * Validates (and types) `data` of the success envelope, in development and tests: the production build takes it
   * out of every call (decision 015, build/schemas.ts).
   */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  message: string;
  /** Present on login-style answers (docs/api/README.md#authentication). */
  token?: string;
  /** Other top-level fields beside `data`, when there are any (e.g. a page's `nextCursor`). */
  extra?: Record<string, unknown>;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

const ENVELOPE_KEYS = new Set(['status', 'message', 'code', 'reason', 'data', 'issues']);

/** Top-level fields of an error body beyond the envelope (docs/api/README.md#authentication: `email` of `EMAIL_NOT_VERIFIED`). */
function extraFields(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null) return {};
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !ENVELOPE_KEYS.has(key)));
}

/** `Retry-After` in seconds (the HTTP-date form is not used by the server). */
function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

function invalidResponse(): ApiError {
  return new ApiError({ status: 0, code: 'INVALID_RESPONSE', message: genericErrorMessage() });
}

/**
 * The one way to call the server. Resolves with the success envelope's `data` (validated by `schema` when
 * given), its `message` and any top-level `token`; rejects with an `ApiError`. A 401 `UNAUTHENTICATED` answer to a
 * call that carried the current token signals the auth layer to sign out.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, schema, signal } = options;
  const token = getStoredToken();
  const url = buildUrl(path, query);
  // A read the boot script already started with this token (src/boot): its answer is this call's.
  const early = method === 'GET' && body === undefined ? takeEarlyCall(url, token) : undefined;
  let response: Response;
  try {
    // A call of its own starts in a task of its own: a screen's queries start together, in the one task that runs
    // its effects, and a fetch() costs a phone a few milliseconds each (web-profile bench, issue #21).
    if (!early) await nextTask();
    response = await (early ??
      fetch(url, {
        method,
        headers: buildHeaders(token, body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        credentials: 'same-origin',
      }));
  } catch (error) {
    if (signal?.aborted) throw error; // a cancelled call is not a failure to report
    reportServerUnreachable();
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: genericErrorMessage() });
  }

  reportServerReachable();
  const payload = await readJson(response);

  if (!response.ok) {
    const envelope = readErrorEnvelope(payload);
    if (!envelope) throw invalidResponse();
    const error = new ApiError({
      status: response.status,
      code: envelope.code,
      message: envelope.message,
      reason: envelope.reason,
      issues: envelope.issues,
      details: extraFields(payload),
      retryAfterSeconds: retryAfterSeconds(response),
    });
    // Not the 401 "Only hosts can invite other users" (docs/api/README.md#the-one-401), which keeps the session.
    if (response.status === 401 && error.code === 'UNAUTHENTICATED' && token && token === getStoredToken()) {
      notifySessionRejected();
    }
    throw error;
  }

  const envelope = readSuccessEnvelope(payload);
  if (!envelope) throw invalidResponse();
  let data: unknown = envelope.data;
  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
      throw invalidResponse();
    }
    data = parsed.data;
  }
  const result: ApiResponse<T> = { data: data as T, message: envelope.message };
  if (envelope.token !== undefined) result.token = envelope.token;
  const { token: _token, ...extra } = extraFields(payload);
  if (Object.keys(extra).length > 0) result.extra = extra;
  return result;
}

type ReadOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

type QueryValue = QueryParams[string];

/**
 * What a call of a declared endpoint sends (packages/contract/src/endpoints, decision 020): a value for each of
 * its path's `{name}`s, its query (the declared names; values as the URL carries them), its body as the contract's
 * schema takes it.
 */
export type CallInput<E extends EndpointDeclaration> = { signal?: AbortSignal } & ([
  PathParamNames<E['path']>,
] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, string | number> }) &
  (E['query'] extends z.ZodType
    ? { query?: { [K in keyof EndpointQueryInput<E>]?: QueryValue } }
    : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: EndpointBodyInput<E> } : { body?: undefined });

/** The arguments after the endpoint: the input may be left out when nothing in it is required. */
type CallArgs<E extends EndpointDeclaration> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** An endpoint's path with its parameters filled in, e.g. `/rooms/{id}/balances` → `/rooms/abc/balances`. */
export function endpointPath<E extends EndpointDeclaration>(
  endpoint: E,
  params?: Readonly<Record<string, string | number>>,
): string {
  return fillPath(endpoint.path, params);
}

/**
 * Calls a declared endpoint: its method, its path with `params` filled in (each URI-encoded), `query` and `body`;
 * `data` is checked with the declared schema in development and tests (the production build keeps only `method`
 * and `path` of a declaration, build/schemas.ts). Resolves like `apiRequest`: `data`, `message`, and the envelope's
 * other fields (a page's `nextCursor`) in `extra`.
 */
export function callEndpoint<E extends EndpointDeclaration>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ApiResponse<EndpointData<E>>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryParams;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiRequest<EndpointData<E>>(endpointPath(endpoint, params), {
    method: endpoint.method,
    body,
    query,
    schema: endpoint.data as z.ZodType<EndpointData<E>> | undefined,
    signal,
  });
}

/** Shorthands resolving with `data` only. */
export const api = {
  get: <T = unknown>(path: string, options?: ReadOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }).then((r) => r.data),
  post: <T = unknown>(path: string, body?: unknown, options?: ReadOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }).then((r) => r.data),
  put: <T = unknown>(path: string, body?: unknown, options?: ReadOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }).then((r) => r.data),
  patch: <T = unknown>(path: string, body?: unknown, options?: ReadOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }).then((r) => r.data),
  delete: <T = unknown>(path: string, options?: ReadOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }).then((r) => r.data),
  /** A declared endpoint's `data` (`callEndpoint` for the whole answer). */
  call: <E extends EndpointDeclaration>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>> =>
    callEndpoint(endpoint, ...args).then((r) => r.data),
};
