import { expect } from 'vitest';
import { transactionsResponse, type Transaction } from '@outing/contract';
import type { TestApp } from './app.js';
import { as, createRoom } from './rooms.js';
import type { TestUser } from './users.js';

/**
 * The shorthands of the bill tests split from bills.test.ts (bills, consolidation, transactions) on one test app:
 * a room of people and a bill with payers (the API's older body: amount, includeOwner, payers).
 */
export function billHelpers(app: () => TestApp) {
  /** A room hosted by the first user with the others as members. */
  async function roomOf(...people: TestUser[]) {
    const t = app();
    const [host, ...others] = people;
    const { room } = await createRoom(t, host!);
    for (const p of others)
      expect((await as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    return room;
  }

  const bill = (
    u: TestUser,
    roomId: string,
    amount: unknown,
    payers: unknown[],
    includeOwner = true,
    name = 'Dinner',
  ) => as(app(), u)('POST', '/v1/bills', { name, amount, includeOwner, roomId, payers });

  return { roomOf, bill };
}

/**
 * A debt: `host` makes a room (`room` as given), `payer` joins, a 120 bill split between them that `payer` paid for
 * is consolidated, so `payer` owes the host 60 in one transaction.
 */
export async function owedRound(
  t: TestApp,
  host: TestUser,
  payer: TestUser,
  room: Record<string, unknown> = {},
) {
  const made = await createRoom(t, host, room);
  expect((await as(t, payer)('PATCH', `/v1/rooms/${made.room.id}/join`)).statusCode).toBe(200);
  const bill = await as(t, host)('POST', '/v1/bills', {
    name: 'Chalet',
    roomId: made.room.id,
    amount: 120,
    includeOwner: true,
    payers: [payer.id],
  });
  expect(bill.statusCode, bill.body).toBe(200);
  const consolidated = await as(t, host)('POST', '/v1/bills/consolidate', { roomId: made.room.id });
  expect(consolidated.statusCode, consolidated.body).toBe(200);
  const [tx] = transactionsResponse.parse(consolidated.json()).data;
  return { room: made.room, tx: tx as Transaction };
}
