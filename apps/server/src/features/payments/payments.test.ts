import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, paymentMethodsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { paymentHelpers } from '../../test/payments.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, put } = paymentHelpers(() => t);
const stored = async (u: TestUser) =>
  (
    await t.database.pool.query(
      'SELECT position, kind, value, name FROM payment_methods WHERE user_id = $1 ORDER BY position',
      [u.id],
    )
  ).rows;

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
