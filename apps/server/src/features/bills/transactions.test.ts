import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billHelpers } from '../../test/bills.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, bill } = billHelpers(() => t);

describe('transactions', () => {
  async function consolidatedPair() {
    const [payee, payer] = await Promise.all([
      createUser(t, { username: `payee${Date.now() % 1e6}` }),
      createUser(t),
    ]);
    const room = await roomOf(payee, payer);
    await bill(payee, room.id, 25.5, [payer.id], false);
    const [tx] = transactionsResponse.parse(
      (await as(t, payee)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
    ).data;
    return { payee, payer, room, tx: tx! };
  }

  it('lists unpaid by default for payer and payee; only the payer settles, once; the payee is told', async () => {
    const { payee, payer, tx } = await consolidatedPair();
    expect(tx.amount).toBe(25.5);
    for (const u of [payee, payer]) {
      const unpaid = transactionsResponse.parse((await as(t, u)('GET', '/v1/transactions')).json()).data;
      expect(unpaid.map((x) => x.id)).toEqual([tx.id]);
    }
    expect((await as(t, payee)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(403);
    const stranger = await createUser(t);
    // A transaction that exists but is not yours: 403 (the contract's status rule, docs/security.md).
    expect((await as(t, stranger)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(403);
    expect((await as(t, stranger)('PATCH', '/v1/transactions/2000000000/settle')).statusCode).toBe(404);
    const res = await as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: tx.id, isPaid: true, paidOn: expect.any(String) });
    expect((await as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(409);
    const paid = transactionsResponse.parse(
      (await as(t, payee)('GET', '/v1/transactions?isPaid=true')).json(),
    ).data;
    expect(paid.map((x) => x.id)).toEqual([tx.id]);
    expect((await as(t, payee)('GET', '/v1/transactions')).json().data).toEqual([]);
    const note = await t.database.pool.query(
      `SELECT title, content FROM notifications WHERE user_id = $1 AND kind = 'transaction_paid'`,
      [payee.id],
    );
    expect(note.rows).toEqual([
      {
        title: 'Payment to confirm',
        content: `${payer.username} says they paid you $25.50 for ${tx.roomName}. Confirm it when it arrives.`,
      },
    ]);
  });

  it('shows the email of the caller and of the caller’s friends only', async () => {
    const { payee, payer } = await consolidatedPair();
    const list = async (u: TestUser) =>
      transactionsResponse.parse((await as(t, u)('GET', '/v1/transactions')).json()).data[0]!;
    let seen = await list(payer);
    expect([seen.payer.email, seen.payee.email]).toEqual([payer.email, '']); // not friends
    seen = await list(payee);
    expect([seen.payer.email, seen.payee.email]).toEqual(['', payee.email]);
    await makeFriends(t, payer, payee);
    seen = await list(payer);
    expect([seen.payer.email, seen.payee.email]).toEqual([payer.email, payee.email]);
    expect(seen.payee).toEqual({
      id: payee.id,
      username: payee.username,
      displayName: '',
      email: payee.email,
      pictureUrl: '',
    });
  });

  it('100 simultaneous settles: exactly one succeeds', async () => {
    const { payer, tx } = await consolidatedPair();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(99);
  });

  it('the reminder: only the payee of an unpaid transaction, at most once an hour, stored for the payer', async () => {
    const { payee, payer, tx } = await consolidatedPair();
    const remind = (from: TestUser, to: TestUser) =>
      as(t, from)('POST', '/v1/notifications', {
        userId: to.id,
        title: 'Reminder',
        content: `Pay $25.50 to ${from.username}!`,
      });
    expect((await remind(payer, payee)).statusCode).toBe(403);
    const first = await remind(payee, payer);
    expect(first.statusCode).toBe(200);
    // The client's text, then what is owed for which room and how to pay (issue #19: the payee has no handles yet).
    expect(first.json().data).toMatchObject({
      userId: payer.id,
      title: 'Reminder',
      content: `Pay $25.50 to ${payee.username}!\nYou owe ${payee.username} $25.50 for ${tx.roomName}.`,
      // What a client writes the reminder from in another language (docs/notifications.md).
      params: { username: payee.username, amount: 25.5, currency: tx.currency },
    });
    const handles = await as(t, payee)('PUT', `/v1/users/${payee.id}/payment-methods`, [
      { kind: 'paypal', value: 'payeepaypal' },
      { kind: 'paynow', value: '+6591234567' },
    ]);
    expect(handles.statusCode, handles.body).toBe(200);
    const again = await remind(payee, payer);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
    await t.database.pool.query(
      `UPDATE reminders SET created_at = now() - interval '61 minutes' WHERE payee_id = $1`,
      [payee.id],
    );
    const second = await remind(payee, payer);
    expect(second.statusCode).toBe(200);
    // With handles, where to see how to pay them (never the handles themselves: issue 32, the next test).
    expect(second.json().data.content).toBe(
      `Pay $25.50 to ${payee.username}!\nYou owe ${payee.username} $25.50 for ${tx.roomName}.\n` +
        `Open "To pay" in Outing to see how to pay ${payee.username}.`,
    );
    await as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`);
    await t.database.pool.query(
      `UPDATE reminders SET created_at = now() - interval '61 minutes' WHERE payee_id = $1`,
      [payee.id],
    );
    expect((await remind(payee, payer)).statusCode).toBe(403); // paid: nothing to remind about
    const long = await as(t, payee)('POST', '/v1/notifications', {
      userId: payer.id,
      title: 'x'.repeat(61),
      content: 'c',
    });
    expect(long.statusCode).toBe(400);
  });

  it('a reminder’s params: the payee and all that is owed to them in one currency; in several, the payee only', async () => {
    const { payee, payer, tx } = await consolidatedPair();
    const second = await roomOf(payee, payer);
    expect((await bill(payee, second.id, 10, [payer.id], false)).statusCode).toBe(200);
    await as(t, payee)('POST', '/v1/bills/consolidate', { roomId: second.id });
    const remind = () =>
      as(t, payee)('POST', '/v1/notifications', { userId: payer.id, title: 'Reminder', content: 'Please!' });
    const both = await remind();
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.params).toEqual({
      username: payee.username,
      amount: 35.5,
      currency: tx.currency,
    });
    const { room: yen } = await createRoom(t, payee, { currency: 'JPY' });
    expect((await as(t, payer)('PATCH', `/v1/rooms/${yen.id}/join`)).statusCode).toBe(200);
    expect((await bill(payee, yen.id, 1200, [payer.id], false)).statusCode).toBe(200);
    await as(t, payee)('POST', '/v1/bills/consolidate', { roomId: yen.id });
    await t.database.pool.query(
      `UPDATE reminders SET created_at = now() - interval '61 minutes' WHERE payee_id = $1`,
      [payee.id],
    );
    const mixed = await remind();
    expect(mixed.statusCode, mixed.body).toBe(200);
    // Owed in two currencies: no one amount, so a client keeps the English text, which names each.
    expect(mixed.json().data.params).toEqual({ username: payee.username });
    expect(mixed.json().data.content).toContain(`¥1,200 for ${yen.name}`);
  });

  it('a reminder never shows handles the payee has since changed: it points to the pay sheet, which reads them now', async () => {
    const { payee, payer, tx } = await consolidatedPair();
    const setHandles = async (methods: object[]) =>
      expect((await as(t, payee)('PUT', `/v1/users/${payee.id}/payment-methods`, methods)).statusCode).toBe(
        200,
      );
    await setHandles([
      { kind: 'paynow', value: '+6591234567' },
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Old Name' },
    ]);
    const reminded = await as(t, payee)('POST', '/v1/notifications', {
      userId: payer.id,
      title: 'Reminder',
      content: 'Pay me back!',
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    // The payee changes their handles after the reminder.
    await setHandles([{ kind: 'paypal', value: 'NewPaypalName' }]);
    const read = await as(t, payer)('GET', '/v1/notifications');
    const reminder = (read.json().data as { kind: string; content: string }[]).find(
      (n) => n.kind === 'payment_reminder',
    )!;
    // How much and for which room, and where to see how to pay; no handle, old or new, is in the stored text.
    expect(reminder.content).toBe(
      `Pay me back!\nYou owe ${payee.username} $25.50 for ${tx.roomName}.\n` +
        `Open "To pay" in Outing to see how to pay ${payee.username}.`,
    );
    for (const stale of ['6591234567', 'DE89', '370400440532013000', 'Old Name'])
      expect(read.body).not.toContain(stale);
    const { rows } = await t.database.pool.query(`SELECT content FROM notifications WHERE user_id = $1`, [
      payer.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain('6591234567');
    // The pay sheet it points to has the current handle.
    const options = await as(t, payer)('GET', `/v1/transactions/${tx.id}/payment-options`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.body).toContain('NewPaypalName');
    expect(options.body).not.toContain('6591234567');
  });
});
