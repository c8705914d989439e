import type { z } from 'zod';
import type { TestUser } from '../../../server/src/test/users';

// `api(user)` of real-server.ts: seeding and checking through the server's HTTP API, as one user.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `data` of a success envelope schema (`billResponse`, `rsvpResponse`, … of `@outing/contract`). */
export type DataOf<R extends z.ZodType> = z.infer<R> extends { data: infer D } ? D : never;

/** An answer as it came, for a test that expects a refusal. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Calls as one user, over HTTP. A path is under /v1 (`/bills`, as the app's API client writes it). With a
 * response schema the answer is checked against the contract and its `data` returned, typed; a failure (not 2xx)
 * throws with the server's code and message.
 */
export interface UserApi {
  request(method: Method, path: string, body?: unknown): Promise<Answer>;
  get<R extends z.ZodType>(path: string, response: R): Promise<DataOf<R>>;
  get(path: string): Promise<unknown>;
  post<R extends z.ZodType>(path: string, body: unknown, response: R): Promise<DataOf<R>>;
  post(path: string, body?: unknown): Promise<unknown>;
  put<R extends z.ZodType>(path: string, body: unknown, response: R): Promise<DataOf<R>>;
  put(path: string, body?: unknown): Promise<unknown>;
  patch<R extends z.ZodType>(path: string, body: unknown, response: R): Promise<DataOf<R>>;
  patch(path: string, body?: unknown): Promise<unknown>;
  delete<R extends z.ZodType>(path: string, response: R): Promise<DataOf<R>>;
  delete(path: string): Promise<unknown>;
}

const under = (path: string) =>
  path.startsWith('/v1/') ? path : `/v1${path.startsWith('/') ? '' : '/'}${path}`;

export function userApi(url: string, user: TestUser): UserApi {
  const request = async (method: Method, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${url}${under(path)}`, {
      method,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const call = async (method: Method, path: string, body: unknown, response?: z.ZodType) => {
    const answer = await request(method, path, body);
    if (answer.status < 200 || answer.status > 299) {
      const { code, message } = (answer.body ?? {}) as { code?: string; message?: string };
      throw new Error(`${method} ${under(path)} as ${user.username}: ${answer.status} ${code}: ${message}`);
    }
    if (!response) return (answer.body as { data?: unknown } | undefined)?.data;
    return (response.parse(answer.body) as { data: unknown }).data;
  };
  return {
    request,
    get: (path: string, response?: z.ZodType) => call('GET', path, undefined, response),
    post: (path: string, body?: unknown, response?: z.ZodType) => call('POST', path, body, response),
    put: (path: string, body?: unknown, response?: z.ZodType) => call('PUT', path, body, response),
    patch: (path: string, body?: unknown, response?: z.ZodType) => call('PATCH', path, body, response),
    delete: (path: string, response?: z.ZodType) => call('DELETE', path, undefined, response),
  } as UserApi;
}
