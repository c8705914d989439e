import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, paymentOptionsResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { paymentHelpers } from '../../test/payments.js';
import { createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { crc16ccittFalse } from '@outing/payments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, put } = paymentHelpers(() => t);

/** A room in `currency` where `payer` owes `payee` 12.34 after consolidation; returns the transaction id. */
async function debt(payee: TestUser, payer: TestUser, currency: string, name = 'Café at the Marina') {
  const { room } = await createRoom(t, payee, { name, currency });
  expect((await call(payer, 'PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  const bill = await call(payee, 'POST', '/v1/bills', {
    name: 'Dinner',
    amount: 24.68,
    includeOwner: true,
    roomId: room.id,
    payers: [payer.id],
  });
  expect(bill.statusCode, bill.body).toBe(200);
  const res = await call(payee, 'POST', '/v1/bills/consolidate', { roomId: room.id });
  const [tx] = transactionsResponse.parse(res.json()).data;
  expect(tx).toMatchObject({ payerId: payer.id, payeeId: payee.id, amount: 12.34 });
  return { id: tx!.id, room };
}

describe('GET /v1/transactions/{id}/payment-options', () => {
  it('gives the payer the payee’s handles for the amount, currency and room (SGD: PayNow)', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    await put(ann, [
      { kind: 'paynow', value: '+6591234567', name: 'Ann Lee' },
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Ann Lee' },
      { kind: 'upi', value: 'ann@oksbi' },
      { kind: 'paypal', value: 'AnnLee' },
    ]);
    const { id } = await debt(ann, ben, 'SGD');
    const res = await call(ben, 'GET', `/v1/transactions/${id}/payment-options`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const options = paymentOptionsResponse.parse(res.json()).data;
    expect(options.map((o) => o.kind)).toEqual(['paynow', 'paypal']);
    const paynow = options[0]!.payload;
    expect(paynow).toContain('0211+6591234567');
    expect(paynow).toContain('03010'); // amount not editable
    expect(paynow).toContain('5303702540512.345802SG5907Ann Lee');
    expect(paynow).toContain('0125Outing Cafe at the Marina6304');
    expect(crc16ccittFalse(paynow.slice(0, -4))).toBe(paynow.slice(-4));
    expect(options[1]).toEqual({
      kind: 'paypal',
      label: 'PayPal · AnnLee',
      payload: 'https://paypal.me/AnnLee/12.34SGD',
    });
  });

  it('EUR gives an EPC QR, INR a UPI link; a payee without handles gives an empty list', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await put(ann, [
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Ann Lee' },
      { kind: 'upi', value: 'ann@oksbi' },
    ]);
    const eur = await debt(ann, ben, 'EUR', 'Lisbon');
    const inr = await debt(ann, ben, 'INR', 'Goa');
    const none = await debt(cat, ben, 'EUR');
    const get = async (id: number) =>
      paymentOptionsResponse.parse((await call(ben, 'GET', `/v1/transactions/${id}/payment-options`)).json())
        .data;
    expect(await get(eur.id)).toEqual([
      {
        kind: 'iban',
        label: 'Bank transfer (SEPA) · Ann Lee',
        payload: 'BCD\n002\n1\nSCT\n\nAnn Lee\nDE89370400440532013000\nEUR12.34\n\n\nOuting Lisbon',
      },
    ]);
    expect(await get(inr.id)).toEqual([
      {
        kind: 'upi',
        label: 'UPI · ann@oksbi',
        payload: `upi://pay?pa=ann%40oksbi&pn=${ann.username}&am=12.34&cu=INR&tn=Outing%20Goa`,
      },
    ]);
    expect(await get(none.id)).toEqual([]);
  });

  it('is the payer’s only, while unpaid: 403 for the payee, another member and a stranger; 404 unknown', async () => {
    const [ann, ben, cat, dan] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    await put(ann, [{ kind: 'upi', value: 'secret-ann@oksbi' }]);
    const { id, room } = await debt(ann, ben, 'INR');
    expect((await call(cat, 'PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    for (const who of [ann, cat, dan]) {
      const res = await call(who, 'GET', `/v1/transactions/${id}/payment-options`);
      expect(res.statusCode).toBe(403);
      expect(errorEnvelopeSchema.parse(res.json()).message).toBe(
        'Only the payer can see how to pay this transaction.',
      );
      expect(res.body).not.toContain('secret-ann');
    }
    const unknown = await call(ben, 'GET', '/v1/transactions/2147483647/payment-options');
    expect(unknown.statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/v1/transactions/${id}/payment-options`)).statusCode).toBe(401);

    expect((await call(ben, 'PATCH', `/v1/transactions/${id}/settle`)).statusCode).toBe(200);
    const paid = await call(ben, 'GET', `/v1/transactions/${id}/payment-options`);
    expect(paid.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(paid.json()).message).toBe('This transaction is already paid.');
  });
});

describe('handles are personal data', () => {
  it('appear in no list, search or other answer, and never in the log', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    await makeFriends(t, ann, ben);
    const secrets = ['+6598765432', 'annsecret9@oksbi', 'AnnSecretPay', 'DE33100205000001194700'];
    const logStart = t.logs.length;
    // A refused list is logged too: its message must not carry the value.
    expect((await put(ann, [{ kind: 'upi', value: 'annsecret9-oksbi' }])).statusCode).toBe(400);
    expect(
      (
        await put(ann, [
          { kind: 'paynow', value: secrets[0] },
          { kind: 'upi', value: secrets[1] },
          { kind: 'paypal', value: secrets[2] },
          { kind: 'iban', value: secrets[3], name: 'Ann Hidden-Name' },
        ])
      ).statusCode,
    ).toBe(200);
    const { id, room } = await debt(ann, ben, 'SGD');
    expect((await call(ben, 'GET', `/v1/transactions/${id}/payment-options`)).statusCode).toBe(200);
    const answers = await Promise.all(
      [
        `/v1/transactions`,
        `/v1/transactions?isPaid=false`,
        `/v1/rooms/${room.id}`,
        `/v1/rooms/${room.id}/attendees`,
        `/v1/rooms`,
        `/v1/bills?roomId=${room.id}`,
        `/v1/rooms/${room.id}/rounds`,
        `/v1/users/${ben.id}/friends`,
        `/v1/users/${ben.id}/friends/search?query=${ann.username.slice(0, 4)}`,
        `/v1/notifications`,
      ].map(async (url) => [url, (await call(ben, 'GET', url)).body] as const),
    );
    for (const [url, body] of answers)
      for (const s of [...secrets, 'Ann Hidden-Name', 'annsecret9']) expect(body, url).not.toContain(s);
    const log = t.logs.slice(logStart).join('');
    for (const s of [...secrets, 'annsecret9', 'Ann Hidden-Name', '6598765432']) expect(log).not.toContain(s);
  });
});
