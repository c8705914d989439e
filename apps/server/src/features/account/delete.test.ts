import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeSchema, deleteAccountResponse, roomResponse, successEnvelope } from '@outing/contract';
import { z } from 'zod';
import { createDeleteScenario, deleteHelpers, ok, type DeleteScenario } from '../../test/account-delete.js';
import type { TestApp } from '../../test/app.js';
import { as, notificationTexts } from '../../test/rooms.js';
import { connect, settle } from '../../test/sockets.js';
import { createUser, type TestUser } from '../../test/users.js';
import { ERASED_USER_REFERENCES } from './queries.js';

/**
 * Deleting an account (issue #21 item 6): the person is gone, the money of everybody else is not. The scenario: Dan
 * hosts a room with a settled and an open round, is in Ann's room's open round, in Ben's room without money (which
 * has a waitlist), hosts a room alone, and hosts one with Cat and no money; he has friends, requests, handles, a
 * subscription, a calendar feed, an invite link and messages. Every money answer of the others is compared before and
 * after, with only Dan's name (and email) allowed to change.
 *
 * The scenario and the money views are in test/account-delete.ts; the tests below run in order on one deletion.
 */

let t: TestApp;
let base: string;
let dan: TestUser, ann: TestUser, ben: TestUser, cat: TestUser;
let rooms: DeleteScenario['rooms'];
let before: Record<string, unknown>;
/** Dan's uploads: one is R5's cover, the other no room uses. */
let pictures: DeleteScenario['pictures'];

const { moneyViews, withoutDansName } = deleteHelpers(() => ({ t, dan, ann, ben, cat, rooms }));

beforeAll(async () => {
  ({ t, base, dan, ann, ben, cat, rooms, pictures } = await createDeleteScenario());
  before = await moneyViews();
});
afterAll(() => t.close());

describe('DELETE /v1/users/{id}', () => {
  it('deletes the account: 200, its token refused at once, its socket closed, no way back in', async () => {
    const socket = connect(base, dan.token);
    await socket.opened;
    await settle();
    const res = await as(t, dan)('DELETE', `/v1/users/${dan.id}`, { password: dan.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(deleteAccountResponse.parse(res.json())).toMatchObject({ message: 'Account deleted', data: null });
    expect(await socket.closed).toBe(4401);
    expect((await as(t, dan)('GET', '/v1/rooms')).statusCode).toBe(401);
    expect(await connect(base, dan.token).closed).toBe(4401);
    for (const username of [dan.username, dan.email, 'Deleted user']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/v1/auth',
        payload: { username, password: dan.password },
      });
      expect(login.statusCode, username).toBe(401);
    }
    const otp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/otp',
      payload: { email: dan.email, purpose: 'verify-email' },
    });
    expect(otp.statusCode).toBe(404);
  });

  it('leaves nothing personal: the row is "Deleted user" with no email, password or picture', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT username, email, password_hash, picture_url, is_email_valid, deleted_at IS NOT NULL AS deleted
       FROM users WHERE id = $1`,
      [dan.id],
    );
    expect(rows).toEqual([
      {
        username: 'Deleted user',
        email: '',
        password_hash: null,
        picture_url: '',
        is_email_valid: false,
        deleted: true,
      },
    ]);
    for (const ref of ERASED_USER_REFERENCES) {
      const [table, column] = ref.split('.');
      const { rows: left } = await t.database.pool.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [dan.id],
      );
      expect(left[0].n, ref).toBe(0);
    }
    const { rows: mail } = await t.database.pool.query(
      `SELECT (SELECT count(*) FROM otp_sends WHERE email = $1)::int + (SELECT count(*) FROM otp_codes WHERE email = $1)::int AS n`,
      [dan.email],
    );
    expect(mail[0].n).toBe(0);
  });

  it('deletes the pictures no room uses; a room’s cover stays, no longer his (issue 32)', async () => {
    expect((await t.app.inject({ method: 'GET', url: pictures.unused })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pictures.cover })).statusCode).toBe(200);
  });

  it('keeps every money answer of the others identical but for Dan’s name', async () => {
    const after = await moneyViews();
    expect(withoutDansName(after)).toEqual(withoutDansName(before));
    // And Dan does appear, as "Deleted user", with no email even to his friend Ann.
    const bills = JSON.stringify(after[`${ann.username} /v1/bills?roomId=${rooms.r1}`]);
    expect(bills).toContain('"username":"Deleted user"');
    expect(JSON.stringify(after)).not.toContain(dan.email);
    expect(JSON.stringify(after)).not.toContain(dan.username);
  });

  it('hands his rooms to the next member, closes the one he was alone in, and frees his place', async () => {
    const room = async (id: string, u: TestUser) =>
      roomResponse.parse(await ok(as(t, u)('GET', `/v1/rooms/${id}`))).data;
    const attendees = async (id: string, u: TestUser) =>
      successEnvelope(z.array(attendeeSchema)).parse(await ok(as(t, u)('GET', `/v1/rooms/${id}/attendees`)))
        .data;

    // R1: Ann (going, joined first) hosts; Dan stays listed, declined, because its money names him.
    expect((await room(rooms.r1, ann)).hostId).toBe(ann.id);
    expect(await notificationTexts(t, ann.id)).toContain(
      'You are now the host of Dan dinner: its host deleted their account.',
    );
    expect((await attendees(rooms.r1, ann)).find((a) => a.id === dan.id)).toMatchObject({
      username: 'Deleted user',
      email: '',
      rsvp: 'declined',
    });
    // R2: still listed (he owes in the open round), declined.
    expect((await attendees(rooms.r2, ann)).find((a) => a.id === dan.id)?.rsvp).toBe('declined');
    // R3: no money of his: he left, and Cat got his place.
    const r3 = await attendees(rooms.r3, ben);
    expect(r3.map((a) => a.id)).not.toContain(dan.id);
    expect(r3.find((a) => a.id === cat.id)?.rsvp).toBe('going');
    expect(await notificationTexts(t, cat.id)).toContain("A place opened up: you're going to Ben picnic.");
    // R4: nobody to hand it to: closed, Ann's invite gone.
    const r4 = await t.database.pool.query(
      `SELECT is_closed, (SELECT count(*)::int FROM invites WHERE room_id = $1) AS invites FROM rooms WHERE id = $1`,
      [rooms.r4],
    );
    expect(r4.rows).toEqual([{ is_closed: true, invites: 0 }]);
    // R5: Cat hosts; Dan left.
    expect((await room(rooms.r5, cat)).hostId).toBe(cat.id);
    expect((await attendees(rooms.r5, cat)).map((a) => a.id)).toEqual([cat.id]);
  });

  it('keeps his messages, signed "Deleted user"', async () => {
    const res = await ok(as(t, ann)('GET', `/v1/rooms/${rooms.r1}/messages`));
    const messages = (
      res.data as { messages: { senderId: number; sender: { username: string }; content: string }[] }
    ).messages;
    expect(messages.find((m) => m.content === 'Dan was here')).toMatchObject({
      senderId: dan.id,
      sender: { username: 'Deleted user' },
    });
  });

  it('lets the others settle what he owes in the ledger, and never puts him in a new bill', async () => {
    const refused = await as(t, ann)('POST', '/v1/bills', {
      name: 'After',
      roomId: rooms.r1,
      amount: 20,
      split: { mode: 'equal', userIds: [ann.id, dan.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'split', message: 'A deleted account cannot take part in a new bill.' },
    ]);
    const legacy = await as(t, ann)('POST', '/v1/bills', {
      name: 'After',
      roomId: rooms.r1,
      amount: 20,
      includeOwner: true,
      payers: [dan.id],
    });
    expect(legacy.statusCode).toBe(400);
    // What Dan owes over the room's whole ledger (one live ledger): his share of the mains, as the server splits
    // it (60.01 three ways: who takes the extra cent depends on the users' ids, which the concurrent sign-ups above
    // hand out in any order), less the 30.00 starters he paid, less his own 10.00 of them, less the 10.00 Ann paid
    // him back; Ben's 10.00 for the starters is still owed to him.
    const open = (await ok(as(t, ann)('GET', `/v1/rooms/${rooms.r1}/balances`))).data as {
      members: { userId: number; net: number }[];
    };
    const owed = -open.members.find((m) => m.userId === dan.id)!.net;
    expect([10, 10.01]).toContain(owed);
    // Ann, the new host, presses Settle up: Dan's debt is an unpaid transaction to her, never lost.
    const txs = (await ok(as(t, ann)('POST', '/v1/bills/consolidate', { roomId: rooms.r1 }))).data as {
      payerId: number;
      payeeId: number;
      amount: number;
      payer: { username: string };
    }[];
    expect(txs.find((x) => x.payerId === dan.id)).toMatchObject({
      payeeId: ann.id,
      amount: owed,
      payer: { username: 'Deleted user' },
    });
  });

  it('frees the username and the email: the same person can sign up again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { username: dan.username, email: dan.email, password: 'again-123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.id).not.toBe(dan.id);
  });

  it('of a second account breaks no unique constraint', async () => {
    const [x, y] = [await createUser(t), await createUser(t)];
    for (const u of [x, y])
      expect((await as(t, u)('DELETE', `/v1/users/${u.id}`, { password: u.password })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM users WHERE username = 'Deleted user' AND email = ''`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(3);
  });
});
