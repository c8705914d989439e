import type { Balances, Bill } from '@outing/contract';
import { fail } from '../../../mocks/envelope';
import { minutesAgo, mockBill, type BillsMockSeed, type MockBillRoom, type MockBillSeed } from './mocks-seed';

// The state behind the bills mock handlers (mocks.ts): one store per handler set, so tests start afresh. Mock mode
// stays thin (docs/principles.md, principle 7): it keeps the bills as written and answers the money of a room from
// fixed data (the seed's `balances`, else everyone square); balances, rounds and Settle up are the server's and
// tested against it (*.server.test.tsx).

export const notMember = () => fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
export const roomNotFound = () => fail(404, 'NOT_FOUND', 'Room not found.');
export const badRequest = (path: string, message: string) =>
  fail(400, 'VALIDATION', message, [{ path, message }]);

/** The room, when it exists (else 404) and `userId` is a member of it (else 403). */
export function memberRoom(
  rooms: MockBillRoom[],
  id: string | null,
  userId: number,
): MockBillRoom | Response {
  const room = rooms.find((r) => r.id === id);
  if (!room) return roomNotFound();
  return room.members.includes(userId) ? room : notMember();
}

export type StoredBill = MockBillSeed & { date: string; updatedAt?: string };

export function createBillsStore(seed: BillsMockSeed) {
  const people = [...seed.people];
  const rooms = seed.rooms.map((r) => ({ ...r, members: [...r.members] }));
  const state = {
    bills: seed.bills.map((b): StoredBill => ({ ...b, date: b.date ?? minutesAgo(b.addedMinutesAgo) })),
    nextBillId: Math.max(100, ...seed.bills.map((b) => b.id + 1)),
  };

  const findRoom = (id: string | null) => rooms.find((r) => r.id === id);
  const currencyOf = (roomId: string) => findRoom(roomId)?.currency ?? 'USD';
  const toBill = (b: StoredBill): Bill => ({
    ...mockBill(b, people, null, currencyOf(b.roomId)),
    date: b.date,
    ...(b.updatedAt ? { updatedAt: b.updatedAt } : {}),
  });
  const personOf = (id: number) =>
    people.find((p) => p.id === id) ?? { id, username: `user${id}`, email: '', pictureUrl: '' };
  /** GET /rooms/{id}/balances: the seed's fixed answer, else every member square with nobody to pay. */
  const balancesOf = (room: MockBillRoom): Balances =>
    room.balances ?? {
      currency: currencyOf(room.id),
      members: room.members.map((userId) => ({ userId, paid: 0, owes: 0, net: 0 })),
      transfers: [],
    };

  return { people, rooms, state, toBill, findRoom, personOf, currencyOf, balancesOf };
}

export type BillsStore = ReturnType<typeof createBillsStore>;
