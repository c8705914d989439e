import { expect } from 'vitest';
import { as, createRoom } from './rooms.js';
import { createUser, type TestUser } from './users.js';
import type { TestApp } from './app.js';

/**
 * How far from settled each person of a consolidation would be after its transfers: for every bill of the round the
 * payer is owed the amount and each participant owes their share; applying the round's transactions must bring
 * everyone to exactly 0. Returns the people who are not (an empty list when the round conserves every unit).
 */
export async function unbalancedAfterRound(t: TestApp, consolidationId: number) {
  const { rows } = await t.database.pool.query<{ user_id: number; net: string }>(
    `SELECT user_id, sum(v)::text AS net FROM (
       SELECT b.owner_id AS user_id, b.amount_cents AS v FROM bills b WHERE b.consolidation_id = $1
       UNION ALL SELECT s.user_id, -s.amount_minor FROM bill_shares s JOIN bills b ON b.id = s.bill_id
         WHERE b.consolidation_id = $1
       UNION ALL SELECT payer_id, amount_cents FROM transactions WHERE consolidation_id = $1
       UNION ALL SELECT payee_id, -amount_cents FROM transactions WHERE consolidation_id = $1
     ) x GROUP BY user_id HAVING sum(v) <> 0`,
    [consolidationId],
  );
  return rows;
}

/** Every bill whose stored shares do not add up to its amount. */
export async function billsNotAddingUp(t: TestApp, roomId: string) {
  const { rows } = await t.database.pool.query<{ id: number }>(
    `SELECT b.id FROM bills b LEFT JOIN bill_shares s ON s.bill_id = b.id WHERE b.room_id = $1
     GROUP BY b.id HAVING COALESCE(sum(s.amount_minor), 0) <> b.amount_cents`,
    [roomId],
  );
  return rows;
}

/** The money tests' shorthands on one test app: people, a room of them (the first hosts), an equal bill. */
export function moneyHelpers(app: () => TestApp) {
  const roomOf = async (people: TestUser[], overrides: Record<string, unknown> = {}) => {
    const t = app();
    const [host, ...others] = people;
    const { room } = await createRoom(t, host!, overrides);
    for (const p of others)
      expect((await as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    return room;
  };
  const people = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(app())));
  const equal = (u: TestUser, roomId: string, amount: number, userIds: number[], name = 'Dinner') =>
    as(app(), u)('POST', '/v1/bills', { name, roomId, amount, split: { mode: 'equal', userIds } });
  return { roomOf, people, equal };
}
