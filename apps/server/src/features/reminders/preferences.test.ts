import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, preferencesResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
let ann: TestUser;
let ben: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
});
afterAll(() => t.close());

const stored = async (id: number) =>
  (await t.database.pool.query('SELECT event_reminders FROM users WHERE id = $1', [id])).rows[0]
    .event_reminders as boolean;

describe('GET/PATCH /users/{id}/preferences', () => {
  it('reminders are on by default; the user turns them off and on; a field left out keeps its value', async () => {
    const get = await as(t, ann)('GET', `/v1/users/${ann.id}/preferences`);
    expect(get.statusCode, get.body).toBe(200);
    expect(preferencesResponse.parse(get.json()).data).toEqual({ eventReminders: true });

    const off = await as(t, ann)('PATCH', `/v1/users/${ann.id}/preferences`, { eventReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(preferencesResponse.parse(off.json())).toMatchObject({
      message: 'Preferences saved',
      data: { eventReminders: false },
    });
    expect(await stored(ann.id)).toBe(false);

    const same = await as(t, ann)('PATCH', `/v1/users/${ann.id}/preferences`, {});
    expect(same.json().data).toEqual({ eventReminders: false });
    expect((await as(t, ann)('GET', `/v1/users/${ann.id}/preferences`)).json().data).toEqual({
      eventReminders: false,
    });
    await as(t, ann)('PATCH', `/v1/users/${ann.id}/preferences`, { eventReminders: true });
    expect(await stored(ann.id)).toBe(true);
  });

  it('someone else’s preferences are a 403 and stay as they were; signed out is a 401', async () => {
    await t.database.pool.query('UPDATE users SET event_reminders = true WHERE id = $1', [ben.id]);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { eventReminders: false }],
    ] as const) {
      const res = await as(t, ann)(method, `/v1/users/${ben.id}/preferences`, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorEnvelopeSchema.parse(res.json()).message).toBe(
        'You can only do that for your own account.',
      );
    }
    expect(await stored(ben.id)).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/users/${ben.id}/preferences` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a value that is not true or false gets a readable 400; a malformed id a 404', async () => {
    const bad = await as(t, ann)('PATCH', `/v1/users/${ann.id}/preferences`, { eventReminders: 'yes' });
    expect(bad.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(bad.json());
    expect(body.message).toMatch(/eventReminders/i);
    expect(body.message).not.toMatch(/expected boolean/);
    expect((await as(t, ann)('GET', '/v1/users/abc/preferences')).statusCode).toBe(404);
  });
});
