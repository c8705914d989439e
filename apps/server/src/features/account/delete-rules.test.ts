import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApp, createTwoTestApps, type TestApp } from '../../test/app.js';
import { digestTables } from '../../security/authz-fixtures.js';
import { billsNotAddingUp } from '../../test/ledger.js';
import { as, createRoom } from '../../test/rooms.js';
import type { SmtpCatcher } from '../../test/smtp.js';
import { createUser } from '../../test/users.js';
import { ERASED_USER_REFERENCES, KEPT_USER_REFERENCES } from './queries.js';

/** What deleting an account asks for, and what it reaches (issue #21 item 6). */

let t: TestApp;
let smtp: SmtpCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await createMailTestApp());
});
afterAll(() => close());

const changed = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);

describe('confirming a deletion', () => {
  it('a wrong password, or none, is a 400 on the field, and changes nothing at all', async () => {
    const u = await createUser(t);
    const before = await digestTables(t);
    for (const [payload, message] of [
      [{ password: 'not-it' }, 'That password is not right. Check it and try again.'],
      [{}, 'Enter your password to confirm.'],
    ] as const) {
      const res = await as(t, u)('DELETE', `/v1/users/${u.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        data: null,
        issues: [{ path: 'password', message }],
      });
    }
    expect(changed(before, await digestTables(t))).toEqual([]);
    expect((await as(t, u)('GET', '/v1/rooms')).statusCode).toBe(200);
  });

  it('another user’s id is 403, whatever the password, and nothing changes', async () => {
    const [u, eve] = [await createUser(t), await createUser(t)];
    const before = await digestTables(t);
    for (const password of [eve.password, u.password]) {
      const res = await as(t, eve)('DELETE', `/v1/users/${u.id}`, { password });
      expect(res.statusCode).toBe(403);
    }
    expect(changed(before, await digestTables(t))).toEqual([]);
  });

  it('an account without a password confirms with a mailed code', async () => {
    const g = await createUser(t);
    await t.database.pool.query(`UPDATE users SET password_hash = NULL WHERE id = $1`, [g.id]);
    const noCode = await as(t, g)('DELETE', `/v1/users/${g.id}`, {});
    expect(noCode.json().issues).toEqual([
      { path: 'code', message: 'Enter the code we email you to confirm. Ask for one first.' },
    ]);
    expect((await as(t, g)('POST', `/v1/users/${g.id}/confirmation-code`)).statusCode).toBe(200);
    const code = await smtp.codeFor(g.email);
    const res = await as(t, g)('DELETE', `/v1/users/${g.id}`, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(t, g)('GET', '/v1/rooms')).statusCode).toBe(401);
  });

  it('a code of another purpose does not confirm it', async () => {
    const u = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/otp',
      payload: { email: u.email, purpose: 'reset-password' },
    });
    const code = await smtp.codeFor(u.email);
    const res = await as(t, u)('DELETE', `/v1/users/${u.id}`, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'code', message: 'There is no code waiting for you. Ask for a new one.' },
    ]);
  });
});

describe('a deletion among other writes', () => {
  it('runs alongside bills being added to its room: no deadlock, no 500, every bill adds up', async () => {
    const [host, leaving] = [await createUser(t), await createUser(t)];
    const { room } = await createRoom(t, host, { name: 'Busy' });
    expect((await as(t, leaving)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    const bill = (i: number) =>
      as(t, host)('POST', '/v1/bills', {
        name: `Round ${i}`,
        roomId: room.id,
        amount: 10,
        split: { mode: 'equal', userIds: [host.id, leaving.id] },
      });
    const results = await Promise.all([
      ...[0, 1, 2, 3].map(bill),
      as(t, leaving)('DELETE', `/v1/users/${leaving.id}`, { password: leaving.password }),
      ...[4, 5, 6, 7].map(bill),
    ]);
    const statuses = results.map((r) => r.statusCode);
    expect(statuses[4]).toBe(200);
    for (const [i, status] of statuses.entries()) if (i !== 4) expect([200, 400]).toContain(status);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    // Made before the deletion or refused after it: none names the account as anything but "Deleted user".
    const bills = (await as(t, host)('GET', `/v1/bills?roomId=${room.id}`)).json().data as unknown[];
    expect(bills).toHaveLength(statuses.filter((s, i) => i !== 4 && s === 200).length);
    expect(JSON.stringify(bills)).not.toContain(leaving.username);
  });
});

describe('every reference to a user', () => {
  it('is either erased or kept on purpose by a deletion (a new one must be sorted into one of the two)', async () => {
    const { rows } = await t.database.pool.query<{ ref: string }>(`
      SELECT c.conrelid::regclass::text || '.' || a.attname AS ref
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
      ORDER BY 1`);
    const sorted = [...ERASED_USER_REFERENCES, ...KEPT_USER_REFERENCES].sort();
    expect(rows.map((r) => r.ref)).toEqual(sorted);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('a deletion on one instance', () => {
  let a: TestApp;
  let b: TestApp;
  let closeBoth: () => Promise<void>;
  beforeAll(async () => {
    // A cache lifetime of ten minutes: only the bus can explain a refusal on B.
    ({ a, b, close: closeBoth } = await createTwoTestApps(redisUrl!, {}, { sessionCacheMs: 10 * 60_000 }));
  });
  afterAll(() => closeBoth());

  it('ends the account’s sessions on the other at once, where its row was cached', async () => {
    const u = await createUser(a);
    expect((await as(b, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(b.app.sessions.get(u.id)).toBeDefined();
    expect((await as(a, u)('DELETE', `/v1/users/${u.id}`, { password: u.password })).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while ((await as(b, u)('GET', '/v1/rooms')).statusCode !== 401) {
      if (Date.now() > deadline) throw new Error('still signed in on B after 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
