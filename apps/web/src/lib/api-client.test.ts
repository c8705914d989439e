import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { userSchema } from '@outing/contract';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { API_BASE, ApiError, api, apiRequest } from './api-client';
import { onSessionRejected } from './session-events';
import { TOKEN_STORAGE_KEY } from './token-storage';

const GENERIC = 'An error occurred, please try again later.';

const user = { id: 7, username: 'ada', email: 'ada@example.com', pictureUrl: '' };

/** Answers `path` with `body` and records the request it got. */
function answer(method: 'get' | 'post', path: string, body: JsonBodyType, status = 200) {
  const seen: Request[] = [];
  server.use(
    http[method](`${API_BASE}${path}`, ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

function errorBody(code: string, message: string, issues?: { path: string; message: string }[]) {
  return { status: 'error', message, code, data: null, ...(issues ? { issues } : {}) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('sends JSON to /v1 with the bearer token when one is stored', async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const seen = answer('post', '/rooms', { status: 'success', message: 'ok', data: { id: 1 } });
    await expect(api.post('/rooms', { name: 'Picnic' })).resolves.toEqual({ id: 1 });
    const request = seen[0] as Request;
    expect(new URL(request.url).pathname).toBe('/v1/rooms');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    await expect(request.json()).resolves.toEqual({ name: 'Picnic' });
  });

  it('starts a call in a task of its own, after the task that asked', async () => {
    answer('get', '/rooms/count', { status: 'success', message: 'ok', data: { count: 2 } });
    const fetched = vi.spyOn(globalThis, 'fetch');
    const calls = [api.get('/rooms/count'), api.get('/rooms/count')];
    await Promise.resolve();
    expect(fetched).not.toHaveBeenCalled();
    await expect(Promise.all(calls)).resolves.toEqual([{ count: 2 }, { count: 2 }]);
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it('sends no authorization header without a token', async () => {
    const seen = answer('get', '/rooms', { status: 'success', message: 'ok', data: [] });
    await api.get('/rooms');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('adds the access-gateway headers only when they are configured', async () => {
    const seen = answer('get', '/rooms', { status: 'success', message: 'ok', data: [] });
    await api.get('/rooms');
    expect(seen[0]?.headers.has('CF-Access-Client-Id')).toBe(false);
    expect(seen[0]?.headers.has('CF-Access-Client-Secret')).toBe(false);

    vi.stubEnv('VITE_CF_ACCESS_CLIENT_ID', 'client-id');
    vi.stubEnv('VITE_CF_ACCESS_CLIENT_SECRET', 'client-secret');
    await api.get('/rooms');
    expect(seen[1]?.headers.get('CF-Access-Client-Id')).toBe('client-id');
    expect(seen[1]?.headers.get('CF-Access-Client-Secret')).toBe('client-secret');
  });

  it('encodes query parameters and skips empty ones', async () => {
    const seen = answer('get', '/transactions', { status: 'success', message: 'ok', data: [] });
    await api.get('/transactions', { query: { isPaid: false, page: undefined, q: 'a b' } });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?isPaid=false&q=a+b');
  });

  it('returns data validated by the schema, and the top-level token of login-style answers', async () => {
    answer('post', '/auth', { status: 'success', message: 'Logged in', data: user, token: 'jwt' });
    const result = await apiRequest('/auth', { method: 'POST', body: {}, schema: userSchema });
    expect(result).toEqual({ data: user, message: 'Logged in', token: 'jwt' });
  });

  it('rejects a success answer that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer('get', '/me', { status: 'success', message: 'ok', data: { id: 'x' } });
    const error = await rejection(api.get('/me', { schema: z.object({ id: z.number() }) }));
    expect(error).toMatchObject({ status: 0, code: 'INVALID_RESPONSE', message: GENERIC });
  });

  it('turns the error envelope into an ApiError with status, code, message and issues', async () => {
    const issues = [{ path: 'name', message: 'Room Name is required' }];
    answer('post', '/rooms', errorBody('VALIDATION', 'Room Name is required', issues), 400);
    const error = await rejection(api.post('/rooms', {}));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Room Name is required',
      issues,
    });
  });

  it('keeps extra top-level fields of an error (the email of EMAIL_NOT_VERIFIED) and the Retry-After wait', async () => {
    server.use(
      http.post(`${API_BASE}/auth`, () =>
        HttpResponse.json(
          {
            ...errorBody('EMAIL_NOT_VERIFIED', 'Please verify your email address first.'),
            email: 'ada@example.com',
          },
          { status: 403 },
        ),
      ),
      http.post(`${API_BASE}/auth/otp`, () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'Please wait 12 seconds.'), {
          status: 429,
          headers: { 'Retry-After': '12' },
        }),
      ),
    );
    const unverified = await rejection(api.post('/auth', {}));
    expect(unverified).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED', retryAfterSeconds: null });
    expect(unverified.details).toEqual({ email: 'ada@example.com' });
    const limited = await rejection(api.post('/auth/otp', {}));
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 12, message: 'Please wait 12 seconds.' });
    expect(limited.details).toEqual({});
  });

  it('turns a non-JSON answer into an ApiError with status 0 and a generic message', async () => {
    server.use(
      http.get(`${API_BASE}/rooms`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await rejection(api.get('/rooms'));
    expect(error).toMatchObject({ status: 0, code: 'INVALID_RESPONSE', message: GENERIC });
  });

  it('turns a network failure into an ApiError with status 0 and a generic message', async () => {
    server.use(http.get(`${API_BASE}/rooms`, () => HttpResponse.error()));
    const error = await rejection(api.get('/rooms'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: GENERIC });
  });

  it('signals sign-out on a 401 UNAUTHENTICATED answer to an authenticated call', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    answer('get', '/rooms', errorBody('UNAUTHENTICATED', 'Please sign in again.'), 401);
    await rejection(api.get('/rooms'));
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on the 401 "Only hosts can invite other users" and on unauthenticated calls', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    answer('post', '/auth', errorBody('UNAUTHENTICATED', 'Invalid username or password.'), 401);
    await rejection(api.post('/auth', { username: 'a', password: 'b' }));

    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    answer('post', '/rooms/x', errorBody('NOT_HOST', 'Only hosts can invite other users'), 401);
    const error = await rejection(api.post('/rooms/x', { invitees: [2] }));
    stop();
    expect(error).toMatchObject({ status: 401, message: 'Only hosts can invite other users' });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('api client: calls the boot script started (src/boot)', () => {
  const roomsUrl = `${window.location.origin}${API_BASE}/rooms`;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  function leave(token: string, call: Promise<Response>) {
    window.__outingEarlyCalls = { token, startedAt: Date.now(), calls: { [roomsUrl]: call } };
  }

  afterEach(() => {
    delete window.__outingEarlyCalls;
  });

  it('adopts the early answer of the same read with the same token instead of asking again', async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    leave(token, Promise.resolve(json({ status: 'success', message: 'ok', data: [{ id: 1 }] })));
    const seen = answer('get', '/rooms', { status: 'success', message: 'ok', data: [{ id: 2 }] });
    await expect(api.get('/rooms', { schema: z.array(z.object({ id: z.number() })) })).resolves.toEqual([
      { id: 1 },
    ]);
    expect(seen).toHaveLength(0);
    // Once: the next read asks the server.
    await expect(api.get('/rooms')).resolves.toEqual([{ id: 2 }]);
    expect(seen).toHaveLength(1);
  });

  it('asks the server itself for a write, or when the early call carried another token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ user_id: 8 }));
    leave(makeToken(), Promise.resolve(json({ status: 'success', message: 'ok', data: [{ id: 1 }] })));
    const seen = answer('get', '/rooms', { status: 'success', message: 'ok', data: [] });
    await expect(api.get('/rooms')).resolves.toEqual([]);
    expect(seen).toHaveLength(1);

    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    leave(token, Promise.resolve(json({ status: 'success', message: 'ok', data: [{ id: 1 }] })));
    const posted = answer('post', '/rooms', { status: 'success', message: 'ok', data: { id: 3 } });
    await expect(api.post('/rooms', { name: 'Picnic' })).resolves.toEqual({ id: 3 });
    expect(posted).toHaveLength(1);
  });

  it('reports an early call that failed or was refused as its own failure', async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    leave(token, Promise.reject(new TypeError('Failed to fetch')));
    expect(await rejection(api.get('/rooms'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    leave(token, Promise.resolve(json(errorBody('UNAUTHENTICATED', 'Please sign in again.'), 401)));
    expect(await rejection(api.get('/rooms'))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
