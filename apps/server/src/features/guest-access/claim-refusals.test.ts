import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuest, type TestGuest } from '../../test/guests.js';
import { liveLedgerHelpers } from '../../test/live-ledger.js';
import { as } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/** What POST /v1/auth/claim-guest refuses (docs/api/README.md#guests); the claim itself is claim.test.ts's. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, billOf, paid } = liveLedgerHelpers(() => t);

const claim = (caller: { token: string } | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/claim-guest',
    headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    payload: payload as object,
  });

const error = (res: { json(): unknown }) => errorEnvelopeSchema.parse(res.json());

/** A room of a host and a member with a guest who has a share of a bill. */
async function roomWithGuest() {
  const [host, member] = (await people(2)) as [TestUser, TestUser];
  const room = await roomOf([host, member]);
  const guest = await createGuest(t, room.id, 'Gus');
  await billOf(host, room.id, 30, [host.id, member.id, guest.id]);
  return { host, member, room, guest };
}

/** The guest is still there, its token works and its share is still its own. */
async function expectGuestKept(guest: TestGuest, roomId: string) {
  expect((await as(t, { ...guest, email: '', password: '' })('GET', `/v1/rooms/${roomId}`)).statusCode).toBe(
    200,
  );
  const { rows } = await t.database.pool.query(
    'SELECT count(*)::int AS n FROM bill_shares WHERE user_id = $1',
    [guest.id],
  );
  expect(rows).toEqual([{ n: 1 }]);
}

describe('POST /v1/auth/claim-guest refuses', () => {
  it('401 signed out; 403 GUEST_NOT_ALLOWED for a guest token as the caller', async () => {
    const { room, guest } = await roomWithGuest();
    const out = await claim(undefined, { guestToken: guest.token });
    expect(out.statusCode, out.body).toBe(401);
    const asGuest = await claim(guest, { guestToken: guest.token });
    expect(asGuest.statusCode, asGuest.body).toBe(403);
    expect(error(asGuest).code).toBe('GUEST_NOT_ALLOWED');
    await expectGuestKept(guest, room.id);
  }, 60_000);

  it('400 for a token that is not a live guest’s: garbage, empty, an account’s, signed out, claimed already', async () => {
    const { room, guest } = await roomWithGuest();
    const account = await createUser(t);
    const other = await createUser(t);
    for (const [guestToken, message] of [
      ['nope', 'This is not a guest token.'],
      [other.token, 'This is not a guest token.'],
      [`${guest.token}x`, 'This is not a guest token.'],
    ] as const) {
      const res = await claim(account, { guestToken });
      expect(res.statusCode, res.body).toBe(400);
      expect(error(res).issues).toEqual([{ path: 'guestToken', message }]);
    }
    for (const payload of [{ guestToken: '' }, {}, { guestToken: 42 }]) {
      const res = await claim(account, payload);
      expect(res.statusCode, res.body).toBe(400);
    }
    await expectGuestKept(guest, room.id);

    // A guest that signed out: its token ends there.
    const second = await createGuest(t, room.id, 'Sam');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/logout',
          headers: { authorization: `Bearer ${second.token}` },
        })
      ).statusCode,
    ).toBe(200);
    const ended = await claim(account, { guestToken: second.token });
    expect(ended.statusCode, ended.body).toBe(400);
    expect(error(ended).message).toMatch(/no longer works/);

    // Claimed once: the second time there is no guest left.
    expect((await claim(account, { guestToken: guest.token })).statusCode).toBe(200);
    const again = await claim(other, { guestToken: guest.token });
    expect(again.statusCode, again.body).toBe(400);
    expect(error(again).message).toMatch(/no longer works/);
  }, 60_000);

  it('409 ALREADY_MEMBER when the account is a member of the room; nothing moves', async () => {
    const { room, guest, member } = await roomWithGuest();
    const res = await claim(member, { guestToken: guest.token });
    expect(res.statusCode, res.body).toBe(409);
    expect(error(res)).toMatchObject({ code: 'CONFLICT', reason: 'ALREADY_MEMBER' });
    await expectGuestKept(guest, room.id);
  }, 60_000);

  it('409 when the account left the room but has money in its ledger; nothing moves', async () => {
    const { room, guest, host } = await roomWithGuest();
    const account = await createUser(t);
    expect((await as(t, account)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    await billOf(host, room.id, 20, [host.id, account.id]);
    const payment = await paid(account, room.id, account.id, host.id, 10);
    expect(payment.status).toBe('paid');
    const left = await as(t, account)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    const res = await claim(account, { guestToken: guest.token });
    expect(res.statusCode, res.body).toBe(409);
    expect(error(res).message).toMatch(/already|bills or payments/);
    await expectGuestKept(guest, room.id);
  }, 60_000);
});
