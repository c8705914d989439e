import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { liveLedgerHelpers } from '../../test/live-ledger.js';
import { as } from '../../test/rooms.js';
import { type TestUser } from '../../test/users.js';

/** One live ledger (docs/money.md): a room's unpaid transactions are at every moment its fewest transfers. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, billOf, paid, step, unpaid, netOf } = liveLedgerHelpers(() => t);

describe('leaving and closing', () => {
  it('leave is a 409 naming what is owed while the net is not 0, then 200 once square', async () => {
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([a, b, c]);
    await billOf(a, room.id, 30, [a.id, b.id, c.id]);
    const leave = (u: TestUser) => as(t, u)('PATCH', `/v1/rooms/${room.id}/leave`);
    const refused = await leave(b);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: `You can leave once you are square here: you owe $10.00 to ${a.username}.`,
    });
    // Partly paid: still not square, the sentence says what is left.
    await paid(b, room.id, b.id, a.id, 4);
    expect((await leave(b)).json().message).toBe(
      `You can leave once you are square here: you owe $6.00 to ${a.username}.`,
    );
    // Overpaid by 1.00: owed now (by c, the fewest transfers), still not square.
    await paid(b, room.id, b.id, a.id, 7);
    expect((await leave(b)).json().message).toBe(
      `You can leave once you are square here: ${c.username} owes you $1.00.`,
    );
    await paid(c, room.id, c.id, b.id, 1);
    expect(await netOf(room.id, b.id)).toBe(0);
    const left = await leave(b);
    expect(left.statusCode, left.body).toBe(200);
    // c still owes.
    expect((await leave(c)).statusCode).toBe(409);
    expect(await unpaid(room.id)).toEqual({ [`${c.id}>${a.id}`]: { id: expect.any(Number), minor: 900 } });
  }, 60_000);

  it('a room closes with debts; bills freeze, payments go on', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([a, b]);
    const bill = await billOf(a, room.id, 20, [a.id, b.id]);
    const debt = (await unpaid(room.id))[`${b.id}>${a.id}`]!;
    const closed = await as(t, a)('PATCH', `/v1/rooms/${room.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await as(t, a)('PATCH', `/v1/bills/${bill.id}`, { amount: 30 })).statusCode).toBe(409);
    expect((await as(t, a)('DELETE', `/v1/bills/${bill.id}`)).statusCode).toBe(409);

    const p = await paid(b, room.id, b.id, a.id, 6);
    expect((await step(a, p.id, 'confirm')).statusCode).toBe(200);
    expect(await unpaid(room.id)).toEqual({ [`${b.id}>${a.id}`]: { id: debt.id, minor: 400 } });
    expect((await step(b, debt.id, 'settle')).statusCode).toBe(200);
    expect((await step(a, debt.id, 'confirm')).statusCode).toBe(200);
    expect(await unpaid(room.id)).toEqual({});
    expect(await netOf(room.id, b.id)).toBe(0);
  }, 60_000);
});
