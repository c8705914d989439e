import { expect } from 'vitest';
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
