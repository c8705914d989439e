import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, notificationResponse, notificationsResponse } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/users.js';
import { notify } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (u: TestUser, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${u.token}` },
    ...(payload ? { payload } : {}),
  });

describe('notifications', () => {
  it('lists only the caller’s, newest first, paged', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const events = t.app.deps.events;
    for (let i = 1; i <= 3; i++)
      await notify(t.database.db, events, [
        { userId: me.id, kind: 'other', title: `T${i}`, content: `C${i}`, url: '/' },
      ]);
    await notify(t.database.db, events, [
      { userId: other.id, kind: 'other', title: 'Not yours', content: 'x', url: '/' },
    ]);
    await t.database.db.execute(
      sql`UPDATE notifications SET created_at = now() - (id * interval '1 minute') WHERE title = 'T3'`,
    );

    const all = notificationsResponse.parse((await call(me, 'GET', '/v1/notifications')).json()).data;
    expect(all.map((n) => n.title)).toEqual(['T2', 'T1', 'T3']);
    expect(all.every((n) => n.userId === me.id && n.isRead === false)).toBe(true);
    const page2 = notificationsResponse.parse(
      (await call(me, 'GET', '/v1/notifications?page=2&pageSize=2')).json(),
    ).data;
    expect(page2.map((n) => n.title)).toEqual(['T3']);
    expect((await call(me, 'GET', '/v1/notifications?pageSize=101')).statusCode).toBe(400);
  });

  it('marks read, idempotently; another user’s notification is a 404 and stays unread', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const [mine] = await notify(t.database.db, t.app.deps.events, [
      { userId: me.id, kind: 'other', title: 'Hi', content: 'There', url: '/' },
    ]);
    const [theirs] = await notify(t.database.db, t.app.deps.events, [
      { userId: other.id, kind: 'other', title: 'Hi', content: 'There', url: '/' },
    ]);
    for (let i = 0; i < 2; i++) {
      const res = await call(me, 'PATCH', `/v1/users/${me.id}/notifications/${mine!.id}`);
      expect(res.statusCode).toBe(200);
      expect(notificationResponse.parse(res.json()).data).toMatchObject({ id: mine!.id, isRead: true });
    }
    expect((await call(me, 'PATCH', `/v1/users/${me.id}/notifications/${theirs!.id}`)).statusCode).toBe(404);
    expect((await call(me, 'PATCH', `/v1/users/${other.id}/notifications/${theirs!.id}`)).statusCode).toBe(
      403,
    );
    const stored = await row<{ isRead: boolean }>(
      t.database.db,
      sql`SELECT is_read AS "isRead" FROM notifications WHERE id = ${theirs!.id}`,
    );
    expect(stored!.isRead).toBe(false);
  });

  it('POST /notifications (the reminder) is refused until someone owes the caller money', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const res = await call(me, 'POST', '/v1/notifications', {
      userId: other.id,
      title: 'Reminder',
      content: 'Pay $5.00 to me!',
    });
    expect(res.statusCode).toBe(403);
    expect(await rows(t.database.db, sql`SELECT * FROM notifications WHERE user_id = ${other.id}`)).toEqual(
      [],
    );
  });

  it('a failing delivery subscriber never fails the request that created the notification', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    t.app.deps.events.onNotification(() => {
      throw new Error('push service down');
    });
    const res = await call(a, 'POST', `/v1/users/${a.id}/friends/requests`, { friendId: b.id });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(t.logs.join('\n')).toContain('push service down');
  });
});

// Regression (contract fuzzer, issue #10): ids are PostgreSQL integers; a larger one reached the query (500).
describe('an id beyond the integer range (fuzzer regression)', () => {
  it('is a 400 in a body and a 404 in a path, and changes nothing', async () => {
    const me = await createUser(t);
    const tooBig = 2 ** 31;
    const remind = await call(me, 'POST', '/v1/notifications', {
      userId: tooBig,
      title: 'Pay',
      content: 'up',
    });
    expect(remind.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(remind.json()).issues?.[0]?.path).toBe('userId');
    const read = await call(me, 'PATCH', `/v1/users/${me.id}/notifications/${tooBig}`);
    expect(read.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(read.json()).code).toBe('NOT_FOUND');
    const { rows } = await t.database.pool.query('SELECT 1 FROM reminders WHERE payee_id = $1', [me.id]);
    expect(rows).toEqual([]);
  });
});
