import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUserResponse } from '@outing/contract';
import { row } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (id: number | string, token: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/users/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

describe('PATCH /v1/users/{id}', () => {
  it('changes the username and answers a token that carries it', async () => {
    const u = await createUser(t);
    const res = await patch(u.id, u.token, { field: 'username', value: 'renamed.one' });
    expect(res.statusCode).toBe(200);
    const body = updateUserResponse.parse(res.json());
    expect(body.data).toEqual({ field: 'username', value: 'renamed.one' });
    expect(decodeJwt(body.token)).toMatchObject({ user_id: u.id, username: 'renamed.one' });
    const stored = await row<{ username: string }>(
      t.database.db,
      sql`SELECT username FROM users WHERE id = ${u.id}`,
    );
    expect(stored!.username).toBe('renamed.one');
  });

  it('refuses another user’s id with 403 and changes nothing', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const res = await patch(other.id, u.token, { field: 'username', value: 'stolen_name' });
    expect(res.statusCode).toBe(403);
    const stored = await row<{ username: string }>(
      t.database.db,
      sql`SELECT username FROM users WHERE id = ${other.id}`,
    );
    expect(stored!.username).toBe(other.username);
  });

  it('is 401 without a token', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${u.id}`,
      payload: { field: 'username', value: 'abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('validates: only the username, 3–30 allowed characters, different from the current one', async () => {
    const u = await createUser(t, { username: 'same_name' });
    const cases: [object, string][] = [
      [{ field: 'email', value: 'x@example.com' }, 'Only the username can be changed'],
      [{ field: 'username', value: 'ab' }, 'Username must be at least 3 characters'],
      [{ field: 'username', value: 'has space' }, 'Username may contain only letters, digits, _ and .'],
      [{ field: 'username', value: 'same_name' }, 'Username must be different from current username'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(u.id, u.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('is a 409 when the name is taken (any case); of two racing for one name exactly one wins', async () => {
    await createUser(t, { username: 'popular' });
    const u = await createUser(t);
    expect((await patch(u.id, u.token, { field: 'username', value: 'POPULAR' })).statusCode).toBe(409);

    const a = await createUser(t);
    const b = await createUser(t);
    const results = await Promise.all([
      patch(a.id, a.token, { field: 'username', value: 'contested' }),
      patch(b.id, b.token, { field: 'username', value: 'contested' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a malformed id is a 404 (it names nothing), after authentication', async () => {
    const u = await createUser(t);
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/v1/users/${id}`,
        headers: bearer(u),
        payload: { field: 'username', value: 'whatever' },
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND', data: null });
    }
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/v1/users/abc', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
