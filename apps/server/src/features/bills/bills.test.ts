import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billResponse, billsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billHelpers } from '../../test/bills.js';
import { as } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, bill } = billHelpers(() => t);

describe('POST /v1/bills', () => {
  it('creates a bill with exact minor units, the caller as owner and de-duplicated payers', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben, cat);
    const res = await bill(ann, room.id, 19.99, [ben.id, String(cat.id), ben.id]);
    expect(res.statusCode).toBe(200);
    const b = billResponse.parse(res.json()).data;
    expect(b).toMatchObject({
      name: 'Dinner',
      amount: 19.99,
      includeOwner: true,
      roomId: room.id,
      ownerId: ann.id,
      consolidationId: null,
    });
    expect(b.payers).toEqual([ben.id, cat.id].sort((x, y) => x - y));
    const { rows } = await t.database.pool.query('SELECT amount_minor FROM bills WHERE id = $1', [b.id]);
    expect(rows[0].amount_minor).toBe(1999);
  });

  it.each([
    [0, 'Amount must be greater than 0'],
    [-3, 'Amount must be greater than 0'],
    [1.005, 'Amount can have at most 2 decimals'],
    [1e-7, 'Amount can have at most 2 decimals'],
    [1_000_000.01, 'Amount must be at most 1,000,000'],
    ['12', 'amount is required'],
  ])('refuses the amount %j: %s', async (amount, message) => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben);
    const res = await bill(ann, room.id, amount, [ben.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({ path: 'amount', message });
    expect((await as(t, ann)('GET', `/v1/bills?roomId=${room.id}`)).json().data).toEqual([]);
  });

  it('payers must be other members (400), known users (404); the caller must be a member (403)', async () => {
    const [ann, ben, outsider] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben);
    expect((await bill(ann, room.id, 10, [])).statusCode).toBe(400);
    expect((await bill(ann, room.id, 10, [ann.id])).statusCode).toBe(400);
    expect((await bill(ann, room.id, 10, [outsider.id])).statusCode).toBe(400);
    expect((await bill(ann, room.id, 10, [99_999_999])).statusCode).toBe(404);
    expect((await bill(outsider, room.id, 10, [ann.id])).statusCode).toBe(403);
    expect((await bill(ann, '7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11', 10, [ben.id])).statusCode).toBe(404);
    expect((await bill(ann, room.id, 10, [ben.id], true, '')).json().issues[0].message).toBe(
      'Bill Name is required',
    );
  });

  it('GET lists the room’s bills newest first to members only; DELETE: owner or host, else 403', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben, cat);
    const first = billResponse.parse((await bill(ben, room.id, 5, [cat.id], true, 'First')).json()).data;
    await bill(cat, room.id, 7, [ben.id], true, 'Second');
    const list = billsResponse.parse((await as(t, ben)('GET', `/v1/bills?roomId=${room.id}`)).json()).data;
    expect(list.map((b) => b.name)).toEqual(['Second', 'First']);
    const outsider = await createUser(t);
    expect((await as(t, outsider)('GET', `/v1/bills?roomId=${room.id}`)).statusCode).toBe(403);
    expect((await as(t, cat)('DELETE', `/v1/bills/${first.id}`)).statusCode).toBe(403);
    expect((await as(t, ann)('DELETE', `/v1/bills/${first.id}`)).statusCode).toBe(200); // the host
    expect((await as(t, ann)('DELETE', `/v1/bills/${first.id}`)).statusCode).toBe(404);
  });
});
