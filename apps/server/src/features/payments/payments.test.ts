import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorEnvelopeSchema,
  paymentMethodsResponse,
  paymentOptionsResponse,
  transactionsResponse,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { crc16ccittFalse } from '@outing/payments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH';
const call = (u: TestUser | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const put = (u: TestUser, list: unknown, id = u.id) =>
  call(u, 'PUT', `/v1/users/${id}/payment-methods`, list);
const stored = async (u: TestUser) =>
  (
    await t.database.pool.query(
      'SELECT position, kind, value, name FROM payment_methods WHERE user_id = $1 ORDER BY position',
      [u.id],
    )
  ).rows;

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

describe('PUT and GET /v1/users/{id}/payment-methods', () => {
  it('stores the list normalised and in order, answers it, and replaces it whole', async () => {
    const ann = await createUser(t);
    expect(
      paymentMethodsResponse.parse((await call(ann, 'GET', `/v1/users/${ann.id}/payment-methods`)).json())
        .data,
    ).toEqual([]);
    const res = await put(ann, [
      { kind: 'iban', value: 'de89 3704 0044 0532 0130 00', name: 'Ann Lee' },
      { kind: 'paynow', value: '+65 9123 4567' },
      { kind: 'revolut', value: '@AnnLee' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = [
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Ann Lee' },
      { kind: 'paynow', value: '+6591234567' },
      { kind: 'revolut', value: 'annlee' },
    ];
    expect(res.json()).toEqual({ status: 'success', message: 'Payment methods saved', data: list });
    expect(await stored(ann)).toEqual([
      { position: 0, kind: 'iban', value: 'DE89370400440532013000', name: 'Ann Lee' },
      { position: 1, kind: 'paynow', value: '+6591234567', name: null },
      { position: 2, kind: 'revolut', value: 'annlee', name: null },
    ]);
    const got = await call(ann, 'GET', `/v1/users/${ann.id}/payment-methods`);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(paymentMethodsResponse.parse(got.json()).data).toEqual(list);

    expect((await put(ann, [{ kind: 'link', value: 'https://pay.example.com/ann' }])).statusCode).toBe(200);
    expect(await stored(ann)).toEqual([
      { position: 0, kind: 'link', value: 'https://pay.example.com/ann', name: null },
    ]);
    expect((await put(ann, [])).statusCode).toBe(200);
    expect(await stored(ann)).toEqual([]);
  });

  it('takes a PayNow mobile written locally and stores and answers it as +65 and the digits', async () => {
    const ann = await createUser(t);
    for (const value of ['9123 4567', '91234567', '+65 9123 4567']) {
      const res = await put(ann, [{ kind: 'paynow', value }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(paymentMethodsResponse.parse(res.json()).data).toEqual([
        { kind: 'paynow', value: '+6591234567' },
      ]);
      expect(await stored(ann)).toEqual([{ position: 0, kind: 'paynow', value: '+6591234567', name: null }]);
      const got = await call(ann, 'GET', `/v1/users/${ann.id}/payment-methods`);
      expect(paymentMethodsResponse.parse(got.json()).data).toEqual([
        { kind: 'paynow', value: '+6591234567' },
      ]);
    }
    const refused = await put(ann, [{ kind: 'paynow', value: '7123 4567' }]);
    expect(refused.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(refused.json()).issues).toEqual([
      { path: '0.value', message: 'Enter a Singapore mobile number as +65 followed by 8 digits' },
    ]);
    expect(await stored(ann)).toEqual([{ position: 0, kind: 'paynow', value: '+6591234567', name: null }]);
  });

  it('refuses a bad list with 400 naming each field, and keeps the stored one', async () => {
    const ann = await createUser(t);
    await put(ann, [{ kind: 'paypal', value: 'AnnLee' }]);
    const before = await stored(ann);
    const res = await put(ann, [
      { kind: 'paypal', value: 'AnnLee' },
      { kind: 'paynow', value: '7123 4567' },
      { kind: 'iban', value: 'DE88370400440532013000' },
    ]);
    expect(res.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body).toMatchObject({
      code: 'VALIDATION',
      message: '1.value: Enter a Singapore mobile number as +65 followed by 8 digits',
    });
    expect(body.issues).toEqual([
      { path: '1.value', message: 'Enter a Singapore mobile number as +65 followed by 8 digits' },
      { path: '2.value', message: 'The check digits of this IBAN do not match: look for a typo' },
      { path: '2.name', message: 'Enter the account holder’s name, as the bank knows it' },
    ]);
    expect(res.body).not.toContain('7123 4567');
    expect(res.body).not.toContain('71234567');
    expect(await stored(ann)).toEqual(before);
  });

  it.each([
    [
      Array.from({ length: 11 }, (_, i) => ({ kind: 'paypal', value: `Ann${i}` })),
      '',
      'You can keep at most 10 payment methods',
    ],
    [[{ kind: 'venmo', value: 'ann' }], '0.kind', 'Choose one of: paynow, iban, upi, paypal, revolut, link'],
    [[{ kind: 'paypal', value: '' }], '0.value', 'Enter the handle'],
    [
      [{ kind: 'upi', value: 'ann@ok', name: 'x'.repeat(71) }],
      '0.name',
      'The name may be at most 70 characters',
    ],
    [{ kind: 'paypal', value: 'AnnLee' }, '', 'Send the list of payment methods'],
  ])('refuses the body %j at "%s": %s', async (body, path, message) => {
    const ann = await createUser(t);
    const res = await put(ann, body);
    expect(res.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(res.json()).issues?.[0]).toEqual({ path, message });
    expect(await stored(ann)).toEqual([]);
  });

  it('is yours only: 403 for someone else’s id (even a friend’s), 401 signed out, nothing changed', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    await makeFriends(t, ann, ben);
    await put(ann, [{ kind: 'upi', value: 'ann@oksbi' }]);
    const read = await call(ben, 'GET', `/v1/users/${ann.id}/payment-methods`);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('ann@oksbi');
    expect((await put(ben, [{ kind: 'upi', value: 'ben@ybl' }], ann.id)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', `/v1/users/${ann.id}/payment-methods`)).statusCode).toBe(401);
    expect(await stored(ann)).toEqual([{ position: 0, kind: 'upi', value: 'ann@oksbi', name: null }]);
    expect(await stored(ben)).toEqual([]);
  });

  it('of concurrent replacements one wins whole: never a mix, never an error', async () => {
    const ann = await createUser(t);
    const lists = Array.from({ length: 6 }, (_, i) =>
      Array.from({ length: 4 }, (_, j) => ({ kind: 'paypal', value: `Ann${i}x${j}` })),
    );
    const answers = await Promise.all(lists.map((l) => put(ann, l)));
    expect(answers.map((a) => a.statusCode)).toEqual(lists.map(() => 200));
    const values = (await stored(ann)).map((r) => r.value);
    expect(lists.map((l) => l.map((m) => m.value))).toContainEqual(values);
  });

  it('goes with the user', async () => {
    const ann = await createUser(t);
    await put(ann, [{ kind: 'revolut', value: 'annlee' }]);
    await t.database.pool.query('DELETE FROM users WHERE id = $1', [ann.id]);
    expect(await stored(ann)).toEqual([]);
  });
});

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

describe('the OpenAPI document', () => {
  it('describes the three routes with their bodies and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const methods = doc.paths['/v1/users/{id}/payment-methods']!;
    expect(Object.keys(methods).sort()).toEqual(['get', 'put']);
    expect(JSON.stringify(methods.put!.requestBody)).toContain('"paynow"');
    expect(Object.keys(methods.put!.responses)).toEqual(expect.arrayContaining(['200', '400', '403']));
    const options = doc.paths['/v1/transactions/{id}/payment-options']!;
    expect(JSON.stringify(options.get!.responses['200'])).toContain('payload');
  });
});
