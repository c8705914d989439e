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

const allOn = {
  eventReminders: true,
  notify: { friends: true, invites: true, roomChanges: true, money: true, reminders: true },
  push: { friends: true, invites: true, roomChanges: true, money: true, chat: true, reminders: true },
};

describe('GET/PATCH /users/{id}/preferences', () => {
  it('reminders are on by default; the user turns them off and on; a field left out keeps its value', async () => {
    const get = await as(t, ann)('GET', `/v1/users/${ann.id}/preferences`);
    expect(get.statusCode, get.body).toBe(200);
    expect(preferencesResponse.parse(get.json()).data).toEqual(allOn);

    const off = await as(t, ann)('PATCH', `/v1/users/${ann.id}/preferences`, { eventReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    const remindersOff = { ...allOn, eventReminders: false, notify: { ...allOn.notify, reminders: false } };
    expect(preferencesResponse.parse(off.json())).toMatchObject({
      message: 'Preferences saved',
      data: remindersOff,
    });
    expect(await stored(ann.id)).toBe(false);

    const same = await as(t, ann)('PATCH', `/v1/users/${ann.id}/preferences`, {});
    expect(same.json().data).toEqual(remindersOff);
    expect((await as(t, ann)('GET', `/v1/users/${ann.id}/preferences`)).json().data).toEqual(remindersOff);
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

  it('switches groups one by one; notify.reminders is eventReminders; a contradiction is a 400', async () => {
    const cat = await createUser(t);
    const patch = (body: object) => as(t, cat)('PATCH', `/v1/users/${cat.id}/preferences`, body);
    const res = await patch({ notify: { friends: false, money: false }, push: { chat: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(preferencesResponse.parse(res.json()).data).toEqual({
      ...allOn,
      notify: { ...allOn.notify, friends: false, money: false },
      push: { ...allOn.push, chat: false },
    });
    // Turning one back on and another off leaves the rest as they were; the same switch twice changes nothing.
    const next = await patch({ notify: { money: true, invites: false }, push: { chat: false } });
    expect(next.json().data).toEqual({
      ...allOn,
      notify: { ...allOn.notify, friends: false, invites: false },
      push: { ...allOn.push, chat: false },
    });
    const { rows } = await t.database.pool.query(
      'SELECT notify_off, push_off, event_reminders FROM users WHERE id = $1',
      [cat.id],
    );
    expect(rows[0]).toEqual({
      notify_off: ['friends', 'invites'],
      push_off: ['chat'],
      event_reminders: true,
    });

    const viaNotify = await patch({ notify: { reminders: false } });
    expect(viaNotify.json().data).toMatchObject({ eventReminders: false, notify: { reminders: false } });
    expect(await stored(cat.id)).toBe(false);

    const both = await patch({ eventReminders: true, notify: { reminders: false } });
    expect(both.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(both.json()).message).toBe(
      'eventReminders and notify.reminders are the same switch: send one value for it.',
    );
    expect(await stored(cat.id)).toBe(false);
    const unknown = await patch({ push: { chat: 'no' } });
    expect(unknown.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(unknown.json()).message).toMatch(/push\.chat/);
  });
});
