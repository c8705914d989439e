import type { Bill } from '@outing/contract';
import { fail } from '../../../mocks/envelope';
import { minutesAgo, mockBill, type BillsMockSeed, type MockBillRoom } from './mocks-seed';

// The state behind the bills mock handlers (mocks.ts): one store per handler set, so tests start afresh.

export const notMember = () => fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
export const roomNotFound = () => fail(404, 'NOT_FOUND', 'Room not found.');
export const badRequest = (path: string, message: string) =>
  fail(400, 'VALIDATION', message, [{ path, message }]);
export const alreadyConsolidated = () =>
  fail(409, 'CONFLICT', 'The bills of this room are already consolidated.');

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

export function createBillsStore(seed: BillsMockSeed) {
  const people = [...seed.people];
  const rooms = seed.rooms.map((r) => ({ ...r, members: [...r.members] }));
  const state = {
    bills: seed.bills.map((b) => ({
      ...b,
      consolidationId: null as number | null,
      date: b.date ?? minutesAgo(b.addedMinutesAgo),
    })),
    nextBillId: Math.max(100, ...seed.bills.map((b) => b.id + 1)),
    nextConsolidationId: 50,
    consolidated: new Set(rooms.filter((r) => r.consolidated).map((r) => r.id)),
  };

  const toBill = (b: (typeof state.bills)[number]): Bill => ({
    ...mockBill(b, people, b.consolidationId),
    date: b.date,
  });
  const findRoom = (id: string | null) => rooms.find((r) => r.id === id);
  const personOf = (id: number) => people.find((p) => p.id === id)!;

  return { people, rooms, state, toBill, findRoom, personOf };
}

export type BillsStore = ReturnType<typeof createBillsStore>;
