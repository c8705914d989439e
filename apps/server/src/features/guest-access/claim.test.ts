import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesResponse,
  messageResponse,
  paymentMethodsResponse,
  roomResponse,
  transactionResponse,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuest } from '../../test/guests.js';
import { expectLedgerSettled, ledgerOf } from '../../test/ledger.js';
import { liveLedgerHelpers } from '../../test/live-ledger.js';
import { as } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/**
 * Claiming a guest into an account (docs/api/README.md#guests, docs/decisions/026-guests.md "Claiming"): everything
 * the guest did moves to the account in one transaction under the room's lock, concurrently with bill edits, and
 * every net stays the same to the unit, the guest's now under the account. The refusals: claim-refusals.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, billOf, paid, step } = liveLedgerHelpers(() => t);

/** Every column holding a user id by a foreign key, as the catalogue lists them (what claim.ts moves). */
async function userColumns(): Promise<{ table: string; column: string }[]> {
  const { rows } = await t.database.pool.query<{ table: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS "table", a.attname::text AS "column"
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass ORDER BY 1, 2`,
  );
  return rows;
}

/** `table.column` → how many rows name `userId` there (only those that do). */
async function rowsNaming(userId: number): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { table, column } of await userColumns()) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`,
      [userId],
    );
    if (rows[0]!.n > 0) found[`${table}.${column}`] = rows[0]!.n;
  }
  const { rows } = await t.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM room_activity WHERE payer_id = $1 OR payee_id = $1',
    [userId],
  );
  if (rows[0]!.n > 0) found['room_activity.payer_id/payee_id'] = rows[0]!.n;
  return found;
}

/** The room's nets by user id in minor units, as GET /rooms/{id}/balances answers them. */
async function balancesOf(u: TestUser, roomId: string): Promise<Map<number, number>> {
  const res = await as(t, u)('GET', `/v1/rooms/${roomId}/balances`);
  expect(res.statusCode, res.body).toBe(200);
  const { members } = balancesResponse.parse(res.json()).data;
  return new Map(members.map((m) => [m.userId, Math.round(m.net * 100)]));
}

const sorted = (m: Map<number, number>) => [...m].filter(([, v]) => v !== 0).sort((a, b) => a[0] - b[0]);

describe('POST /v1/auth/claim-guest', () => {
  it('moves all the guest did to the account under concurrent bill edits; every net the same to the unit', async () => {
    const [host, member] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([host, member]);
    const g = await createGuest(t, room.id, 'Gus');
    const guest: TestUser = { ...g, email: '', password: '' };

    // What a guest does: an RSVP, messages, a bill it paid, a share of the host's, payments, handles.
    expect((await as(t, guest)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' })).statusCode).toBe(
      200,
    );
    const messageIds: number[] = [];
    for (const content of ['Hi all', 'I will bring the cake']) {
      const res = await as(t, guest)('POST', `/v1/rooms/${room.id}/messages`, { content });
      expect(res.statusCode, res.body).toBe(200);
      messageIds.push(messageResponse.parse(res.json()).data.id);
    }
    const guestBill = await billOf(guest, room.id, 90, [guest.id, host.id, member.id]);
    const hostBill = await billOf(host, room.id, 60, [host.id, member.id, guest.id]);
    // Paid (awaiting the host), confirmed (by the member), and disputed (the member's payment to the guest).
    const awaiting = await paid(guest, room.id, guest.id, host.id, 5);
    expect(awaiting.status).toBe('paid');
    const toConfirm = await paid(guest, room.id, guest.id, member.id, 3);
    const confirmed = await step(member, toConfirm.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(transactionResponse.parse(confirmed.json()).data.status).toBe('confirmed');
    const toDispute = await paid(member, room.id, member.id, guest.id, 2);
    const disputed = await step(guest, toDispute.id, 'dispute');
    expect(disputed.statusCode, disputed.body).toBe(200);
    const guestHandles = [
      { kind: 'revolut', value: '@GusLee' },
      { kind: 'paynow', value: '+6591234567' },
    ];
    expect(
      (await as(t, guest)('PUT', `/v1/users/${guest.id}/payment-methods`, guestHandles)).statusCode,
    ).toBe(200);

    const account = await createUser(t);
    expect(
      (await as(t, account)('PUT', `/v1/users/${account.id}/payment-methods`, [guestHandles[1]])).statusCode,
    ).toBe(200);
    const guestHandlesStored = paymentMethodsResponse.parse(
      (await as(t, guest)('GET', `/v1/users/${guest.id}/payment-methods`)).json(),
    ).data;
    const accountHandlesStored = paymentMethodsResponse.parse(
      (await as(t, account)('GET', `/v1/users/${account.id}/payment-methods`)).json(),
    ).data;

    const before = await balancesOf(host, room.id);
    expect(sorted(before)).toEqual(sorted((await ledgerOf(t, room.id)).nets));
    expect(before.get(guest.id)).not.toBe(0);
    // The guest's personal link (device-link.test.ts) is deleted on the claim, not moved: it would open the account.
    const personal = await as(t, guest)('POST', '/v1/guest/device-link');
    expect(personal.statusCode, personal.body).toBe(200);
    const personalSecret = new URL(personal.json<{ data: { url: string } }>().data.url).hash.slice(1);
    const owned = await rowsNaming(guest.id);
    for (const table of [
      'bills.owner_id',
      'bill_shares.user_id',
      'transactions.payer_id',
      'messages.sender_id',
      'guest_device_links.user_id',
    ])
      expect(owned[table], table).toBeGreaterThan(0);

    // The claim, while the host edits their bill (split equally among three: amounts divisible by 3).
    const [claim, ...edits] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/claim-guest',
        headers: { authorization: `Bearer ${account.token}` },
        payload: { guestToken: guest.token },
      }),
      ...[120, 30, 75, 150].map((amount) => as(t, host)('PATCH', `/v1/bills/${hostBill.id}`, { amount })),
    ]);
    expect(claim!.statusCode, claim!.body).toBe(200);
    for (const e of edits) expect(e.statusCode, e.body).toBe(200);
    await t.app.deps.events.idle();
    const claimed = roomResponse.parse(claim!.json());
    expect(claimed.message).toBe('Guest kept in your account');
    expect(claimed.data).toMatchObject({ id: room.id, myRsvp: 'maybe' });

    // Every net: the one before, plus the host's bill's change split three ways, the guest's now the account's.
    const { rows } = await t.database.pool.query<{ amount_minor: number }>(
      'SELECT amount_minor FROM bills WHERE id = $1',
      [hostBill.id],
    );
    const delta = Number(rows[0]!.amount_minor) - 6000;
    expect(delta % 3).toBe(0);
    const expected = new Map([
      [host.id, before.get(host.id)! + delta - delta / 3],
      [member.id, before.get(member.id)! - delta / 3],
      [account.id, before.get(guest.id)! - delta / 3],
    ]);
    const after = await balancesOf(account, room.id);
    expect(sorted(after)).toEqual(sorted(expected));
    expect(sorted((await expectLedgerSettled(t, room.id)).nets)).toEqual(sorted(expected));

    // No row anywhere names the guest; the account owns what the guest did.
    expect(await rowsNaming(guest.id)).toEqual({});
    const { rows: users } = await t.database.pool.query('SELECT 1 FROM users WHERE id = $1', [guest.id]);
    expect(users).toEqual([]);
    const mine = await rowsNaming(account.id);
    // (Unpaid transactions follow the edits: the payments themselves are checked below.)
    // (The guest's personal link is deleted, not moved: the account has none.)
    for (const [table, n] of Object.entries(owned))
      if (!table.startsWith('transactions.') && table !== 'guest_device_links.user_id')
        expect(mine[table], table).toBeGreaterThanOrEqual(n);
    expect(mine['guest_device_links.user_id']).toBeUndefined();
    const { rows: personalRows } = await t.database.pool.query(
      'SELECT user_id FROM guest_device_links WHERE user_id = ANY($1)',
      [[guest.id, account.id]],
    );
    expect(personalRows).toEqual([]);
    const resumed = await t.app.inject({
      method: 'POST',
      url: '/v1/guest/resume',
      payload: { secret: personalSecret },
    });
    expect(resumed.statusCode, resumed.body).toBe(404);
    expect(resumed.json()).toMatchObject({ reason: 'GUEST_DEVICE_LINK_INVALID' });
    // The host's bill's split as sent (JSON, no foreign key) names the account: the edits after the claim used it.
    const { rows: splits } = await t.database.pool.query<{ split: { userIds: number[] } }>(
      'SELECT split FROM bills WHERE id = $1',
      [hostBill.id],
    );
    expect([...splits[0]!.split.userIds].sort()).toEqual([host.id, member.id, account.id].sort());
    const { rows: bills } = await t.database.pool.query('SELECT owner_id FROM bills WHERE id = $1', [
      guestBill.id,
    ]);
    expect(bills).toEqual([{ owner_id: account.id }]);
    const { rows: payments } = await t.database.pool.query(
      'SELECT payer_id, payee_id, status FROM transactions WHERE id = ANY($1) ORDER BY id',
      [[awaiting.id, toConfirm.id]],
    );
    expect(payments).toEqual([
      { payer_id: account.id, payee_id: host.id, status: 'paid' },
      { payer_id: account.id, payee_id: member.id, status: 'confirmed' },
    ]);
    const { rows: senders } = await t.database.pool.query(
      'SELECT DISTINCT sender_id FROM messages WHERE id = ANY($1)',
      [messageIds],
    );
    expect(senders).toEqual([{ sender_id: account.id }]);

    // The account is a member with the guest's answer; its handles first, the guest's new ones after.
    const seen = await as(t, account)('GET', `/v1/rooms/${room.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const { rows: rsvp } = await t.database.pool.query(
      'SELECT rsvp FROM room_members WHERE room_id = $1 AND user_id = $2',
      [room.id, account.id],
    );
    expect(rsvp).toEqual([{ rsvp: 'maybe' }]);
    const handles = paymentMethodsResponse.parse(
      (await as(t, account)('GET', `/v1/users/${account.id}/payment-methods`)).json(),
    ).data;
    expect(handles).toEqual([...accountHandlesStored, guestHandlesStored[0]]);

    // The guest and its token are gone.
    const gone = await as(t, guest)('GET', `/v1/rooms/${room.id}`);
    expect(gone.statusCode, gone.body).toBe(401);
  }, 120_000);
});
