import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overallBalancesResponse, transactionResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, equal } = moneyHelpers(() => t);

/** Payee paid 20.00 for both: the payer owes 10.00, consolidated into one unpaid transaction. */
async function debt(currency = 'USD') {
  const [payee, payer] = await people(2);
  const room = await roomOf([payee!, payer!], { currency });
  await equal(payee!, room.id, 20, [payee!.id, payer!.id]);
  const [tx] = transactionsResponse.parse(
    (await as(t, payee!)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
  ).data;
  return { payee: payee!, payer: payer!, room, tx: tx! };
}
const step = (u: TestUser, id: number, what: string) => as(t, u)('PATCH', `/v1/transactions/${id}/${what}`);
const notes = async (u: TestUser) =>
  (
    await t.database.pool.query('SELECT title, content FROM notifications WHERE user_id = $1 ORDER BY id', [
      u.id,
    ])
  ).rows;
/** Where the user's newest notification opens (its `url`). */
const opens = async (u: TestUser) =>
  (
    await t.database.pool.query<{ url: string }>(
      'SELECT url FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [u.id],
    )
  ).rows[0]?.url;

describe('settling both ways (docs/api/README.md#settling)', () => {
  it('pay → confirm: both sides told, history kept', async () => {
    const { payee, payer, tx } = await debt();
    expect(tx).toMatchObject({ status: 'unpaid', confirmedOn: null, isPaid: false });
    expect((await step(payee, tx.id, 'settle')).statusCode).toBe(403);
    const paid = transactionResponse.parse((await step(payer, tx.id, 'settle')).json()).data;
    expect(paid).toMatchObject({ status: 'paid', isPaid: true, confirmedOn: null });
    expect((await notes(payee)).at(-1)).toEqual({
      title: 'Payment to confirm',
      content: `${payer.username} says they paid you $10.00 for ${tx.roomName}. Confirm it when it arrives.`,
    });
    // It opens where Confirm is: Home's payments waiting for confirmation.
    expect(await opens(payee)).toBe('/');

    expect((await step(payer, tx.id, 'confirm')).statusCode).toBe(403);
    const confirmed = transactionResponse.parse((await step(payee, tx.id, 'confirm')).json()).data;
    expect(confirmed).toMatchObject({ status: 'confirmed', isPaid: true, paidOn: paid.paidOn });
    expect(confirmed.confirmedOn).not.toBeNull();
    expect((await notes(payer)).at(-1)).toEqual({
      title: 'Payment confirmed',
      content: `${payee.username} confirmed receiving $10.00 for ${tx.roomName}.`,
    });
    expect(await opens(payer)).toBe(`/room/${tx.roomId}`);
    expect((await step(payee, tx.id, 'confirm')).statusCode).toBe(409);
    expect((await step(payee, tx.id, 'dispute')).statusCode).toBe(409);
    expect((await step(payer, tx.id, 'undo')).statusCode).toBe(409);

    const detail = transactionResponse.parse(
      (await as(t, payer)('GET', `/v1/transactions/${tx.id}`)).json(),
    ).data;
    expect(detail.history?.map((h) => [h.action, h.actorId])).toEqual([
      ['settled', payer.id],
      ['confirmed', payee.id],
    ]);
    // A debt of the live ledger settles the whole ledger, not the bills of one round: no bills behind it.
    expect(detail.bills).toEqual([]);
    const stranger = await createUser(t);
    expect((await as(t, stranger)('GET', `/v1/transactions/${tx.id}`)).statusCode).toBe(403);
    expect((await as(t, stranger)('GET', '/v1/transactions/2000000000')).statusCode).toBe(404);
    // Still listed with the paid ones for the original client.
    const paidList = transactionsResponse.parse(
      (await as(t, payer)('GET', '/v1/transactions?isPaid=true')).json(),
    ).data;
    expect(paidList.map((x) => x.id)).toContain(tx.id);
  });

  it('status filters the list: what awaits confirmation, for both sides, without the confirmed history', async () => {
    const a = await debt();
    const b = await debt();
    await step(a.payer, a.tx.id, 'settle'); // awaits a.payee's confirmation
    await step(b.payer, b.tx.id, 'settle');
    await step(b.payee, b.tx.id, 'confirm'); // history
    const list = async (u: TestUser, query: string) => {
      const res = await as(t, u)('GET', `/v1/transactions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return transactionsResponse.parse(res.json()).data.map((x) => [x.id, x.status]);
    };
    for (const u of [a.payer, a.payee])
      expect(await list(u, 'isPaid=true&status=paid')).toEqual([[a.tx.id, 'paid']]);
    expect(await list(b.payer, 'isPaid=true&status=paid')).toEqual([]);
    expect(await list(b.payer, 'isPaid=true&status=confirmed')).toEqual([[b.tx.id, 'confirmed']]);
    expect(await list(b.payer, 'isPaid=true')).toEqual([[b.tx.id, 'confirmed']]);
    // Contradicting isPaid: nothing, not an error; a page of it; an unknown status: 400 naming it.
    expect(await list(a.payer, 'isPaid=true&status=unpaid')).toEqual([]);
    const page = await as(t, a.payee)('GET', '/v1/transactions?isPaid=true&status=paid&limit=1');
    expect(page.json()).toMatchObject({ data: [{ id: a.tx.id }], nextCursor: null });
    const bad = await as(t, a.payer)('GET', '/v1/transactions?isPaid=true&status=settled');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status must be unpaid, paid or confirmed');
    // Another user's awaiting payment is never in the caller's list.
    const stranger = await createUser(t);
    expect(await list(stranger, 'isPaid=true&status=paid')).toEqual([]);
  });

  it('dispute returns it to unpaid and tells the payer; cash is confirmed straight from unpaid', async () => {
    const { payee, payer, tx } = await debt('EUR');
    await step(payer, tx.id, 'settle');
    const disputed = transactionResponse.parse((await step(payee, tx.id, 'dispute')).json()).data;
    expect(disputed).toMatchObject({ status: 'unpaid', isPaid: false, paidOn: null });
    expect((await notes(payer)).at(-1)!.title).toBe('Payment not received');
    expect((await notes(payer)).at(-1)!.content).toContain('€10.00');
    expect((await step(payee, tx.id, 'dispute')).statusCode).toBe(409);
    const cash = transactionResponse.parse((await step(payee, tx.id, 'confirm')).json()).data;
    expect(cash).toMatchObject({ status: 'confirmed', isPaid: true });
    expect(cash.paidOn).not.toBeNull();
    expect(cash.history?.map((h) => h.action)).toEqual(['settled', 'disputed', 'received']);
  });

  it('undo: the payer, within 10 minutes, before any confirmation', async () => {
    const { payee, payer, tx } = await debt();
    expect((await step(payer, tx.id, 'undo')).statusCode).toBe(409); // nothing to undo
    await step(payer, tx.id, 'settle');
    expect((await step(payee, tx.id, 'undo')).statusCode).toBe(403);
    const undone = transactionResponse.parse((await step(payer, tx.id, 'undo')).json()).data;
    expect(undone).toMatchObject({ status: 'unpaid', paidOn: null });
    expect((await notes(payee)).at(-1)!.title).toBe('Payment undone');
    await step(payer, tx.id, 'settle');
    await t.database.pool.query(
      `UPDATE transactions SET paid_on = now() - interval '11 minutes' WHERE id = $1`,
      [tx.id],
    );
    const late = await step(payer, tx.id, 'undo');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment can no longer be undone.');
  });

  it('any number of concurrent settles, undos, confirms and disputes: a serial order the rules allow', async () => {
    for (let round = 0; round < 3; round++) {
      const { payee, payer, tx } = await debt();
      const calls = [
        ...Array.from({ length: 6 }, () => step(payer, tx.id, 'settle')),
        ...Array.from({ length: 6 }, () => step(payer, tx.id, 'undo')),
        ...Array.from({ length: 4 }, () => step(payee, tx.id, 'confirm')),
        ...Array.from({ length: 4 }, () => step(payee, tx.id, 'dispute')),
      ];
      const results = await Promise.all(calls);
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      // Replay the history from unpaid: every line must be allowed from the state before it.
      const { rows } = await t.database.pool.query<{ action: string }>(
        'SELECT action FROM transaction_events WHERE transaction_id = $1 ORDER BY id',
        [tx.id],
      );
      let state = 'unpaid';
      for (const { action } of rows) {
        const next: Record<string, [string[], string]> = {
          settled: [['unpaid'], 'paid'],
          undone: [['paid'], 'unpaid'],
          confirmed: [['paid'], 'confirmed'],
          received: [['unpaid'], 'confirmed'],
          disputed: [['paid'], 'unpaid'],
        };
        expect(next[action]![0]).toContain(state);
        state = next[action]![1];
      }
      expect(rows).toHaveLength(results.filter((r) => r.statusCode === 200).length);
      const { rows: now } = await t.database.pool.query('SELECT status FROM transactions WHERE id = $1', [
        tx.id,
      ]);
      expect(now[0].status).toBe(state);
    }
  });
});

describe('GET /v1/balances', () => {
  it('per person and currency across rooms: unpaid transactions plus open rounds, with the rooms behind it', async () => {
    const [me, ben, cat] = await people(3);
    // Room 1 (USD), consolidated: Ben owes me 15.00.
    const r1 = await roomOf([me!, ben!]);
    await equal(me!, r1.id, 30, [me!.id, ben!.id]);
    await as(t, me!)('POST', '/v1/bills/consolidate', { roomId: r1.id });
    // Room 2 (USD), open round: I owe Ben 4.00 (he paid 8.00 for both).
    const r2 = await roomOf([ben!, me!]);
    await equal(ben!, r2.id, 8, [me!.id, ben!.id]);
    // Room 3 (EUR), open round: Cat owes me 6.00; Ben is in it with a zero net.
    const r3 = await roomOf([me!, cat!, ben!], { currency: 'EUR' });
    await equal(me!, r3.id, 12, [me!.id, cat!.id]);
    // A paid transaction counts no more: Cat paid a debt in another room.
    const r4 = await roomOf([me!, cat!]);
    await equal(me!, r4.id, 2, [me!.id, cat!.id]);
    const [paidTx] = transactionsResponse.parse(
      (await as(t, me!)('POST', '/v1/bills/consolidate', { roomId: r4.id })).json(),
    ).data;
    await step(cat!, paidTx!.id, 'settle');

    const b = overallBalancesResponse.parse((await as(t, me!)('GET', '/v1/balances')).json()).data;
    expect(b.totals).toEqual([
      { currency: 'EUR', owe: 0, owed: 6, toPay: 0, toReceive: 6 },
      // To pay and To receive count Ben's two rooms apart: 4 to pay in one, 15 to receive in the other.
      { currency: 'USD', owe: 0, owed: 11, toPay: 4, toReceive: 15 },
    ]);
    const ofBen = b.people.find((p) => p.userId === ben!.id)!;
    expect(ofBen).toMatchObject({ currency: 'USD', net: 11, user: { id: ben!.id, username: ben!.username } });
    // The largest first, whatever order the database grouped them in.
    expect(ofBen.rooms).toEqual([
      { roomId: r1.id, roomName: r1.name, net: 15 },
      { roomId: r2.id, roomName: r2.name, net: -4 },
    ]);
    expect(b.people.find((p) => p.userId === cat!.id)).toMatchObject({ currency: 'EUR', net: 6 });
    expect(b.people.filter((p) => p.userId === ben!.id)).toHaveLength(1); // no zero EUR line for Ben

    // Ben sees the mirror image.
    const mirror = overallBalancesResponse.parse((await as(t, ben!)('GET', '/v1/balances')).json()).data;
    expect(mirror.totals).toEqual([{ currency: 'USD', owe: 11, owed: 0, toPay: 15, toReceive: 4 }]);
    expect(mirror.people[0]).toMatchObject({ userId: me!.id, net: -11 });
    // Someone with nothing: empty lists.
    const [nobody] = await people(1);
    expect((await as(t, nobody!)('GET', '/v1/balances')).json().data).toEqual({ totals: [], people: [] });
  });
});

describe('past outings', () => {
  it('a closed room stays readable by its members: details, bills, rounds, balances, chat; listed as past', async () => {
    const [host, guest] = await people(2);
    const room = await roomOf([host!, guest!]);
    await as(t, guest!)('POST', `/v1/rooms/${room.id}/messages`, { content: 'Thanks all!' });
    await equal(host!, room.id, 10, [host!.id, guest!.id]);
    await as(t, host!)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect((await as(t, host!)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);

    const past = (await as(t, guest!)('GET', '/v1/rooms/past')).json().data as {
      id: string;
      isClosed: boolean;
    }[];
    expect(past.map((r) => [r.id, r.isClosed])).toEqual([[room.id, true]]);
    expect((await as(t, guest!)('GET', '/v1/rooms')).json().data).toEqual([]);
    for (const url of [
      `/v1/rooms/${room.id}`,
      `/v1/bills?roomId=${room.id}`,
      `/v1/rooms/${room.id}/rounds`,
      `/v1/rooms/${room.id}/balances`,
      `/v1/rooms/${room.id}/messages`,
    ])
      expect((await as(t, guest!)('GET', url)).statusCode, url).toBe(200);
    // Read-only: no new message, no new bill.
    expect((await as(t, guest!)('POST', `/v1/rooms/${room.id}/messages`, { content: 'hi' })).statusCode).toBe(
      409,
    );
    expect((await equal(guest!, room.id, 5, [guest!.id])).statusCode).toBe(409);
    const stranger = await createUser(t);
    expect((await as(t, stranger)('GET', '/v1/rooms/past')).json().data).toEqual([]);
  });
});
