import type { Bill } from '@outing/contract';
import {
  currencyExponent,
  explainTransfers,
  parseMinor,
  roomBalances,
  settle,
  type RoundBill,
} from '@outing/ledger';
import { fail } from '../../../mocks/envelope';
import { minutesAgo, mockBill, type BillsMockSeed, type MockBillRoom, type MockBillSeed } from './mocks-seed';

// The state behind the bills mock handlers (mocks.ts): one store per handler set, so tests start afresh. A room's
// bills with `consolidationId` null form its open round (api-contract §10.3); each consolidation is a round.

export const notMember = () => fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
export const roomNotFound = () => fail(404, 'NOT_FOUND', 'Room not found.');
export const badRequest = (path: string, message: string) =>
  fail(400, 'VALIDATION', message, [{ path, message }]);
export const billConsolidated = () => fail(409, 'CONFLICT', 'This bill is already consolidated.');

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

export type StoredBill = MockBillSeed & { date: string; consolidationId: number | null; updatedAt?: string };

export interface MockRound {
  id: number;
  roomId: string;
  createdAt: string;
  createdBy: number;
  billIds: number[];
  /** A round of the seed: it owns the room's seeded transactions of no other round. */
  seeded?: boolean;
}

export function createBillsStore(seed: BillsMockSeed) {
  const people = [...seed.people];
  const rooms = seed.rooms.map((r) => ({ ...r, members: [...r.members] }));
  let nextConsolidationId = 50;
  const rounds: MockRound[] = [];
  const bills: StoredBill[] = seed.bills.map((b) => ({
    ...b,
    consolidationId: null,
    date: b.date ?? minutesAgo(b.addedMinutesAgo),
  }));
  for (const room of rooms.filter((r) => r.consolidated)) {
    const id = nextConsolidationId++;
    const own = bills.filter((b) => b.roomId === room.id);
    for (const b of own) b.consolidationId = id;
    const createdAt = own.reduce((latest, b) => (b.date > latest ? b.date : latest), minutesAgo(60 * 24));
    rounds.push({
      id,
      roomId: room.id,
      createdAt,
      createdBy: room.hostId,
      billIds: own.map((b) => b.id),
      seeded: true,
    });
  }
  const state = {
    bills,
    rounds,
    nextBillId: Math.max(100, ...seed.bills.map((b) => b.id + 1)),
    get nextConsolidationId() {
      return nextConsolidationId;
    },
    takeConsolidationId: () => nextConsolidationId++,
  };

  const findRoom = (id: string | null) => rooms.find((r) => r.id === id);
  const currencyOf = (roomId: string) => findRoom(roomId)?.currency ?? 'USD';
  const toBill = (b: StoredBill): Bill => ({
    ...mockBill(b, people, b.consolidationId, currencyOf(b.roomId)),
    date: b.date,
    ...(b.updatedAt ? { updatedAt: b.updatedAt } : {}),
  });
  const personOf = (id: number) =>
    people.find((p) => p.id === id) ?? { id, username: `user${id}`, email: '', pictureUrl: '' };
  const openBills = (roomId: string) =>
    state.bills.filter((b) => b.roomId === roomId && b.consolidationId === null);
  /** GET /bills/consolidate/{roomId}: bills (or a seeded round) and none of them open. */
  const isConsolidated = (roomId: string) =>
    (state.bills.some((b) => b.roomId === roomId) || state.rounds.some((r) => r.roomId === roomId)) &&
    openBills(roomId).length === 0;

  /** The open round as the ledger sees it, with its balances, fewest transfers and their explanations. */
  const openRound = (roomId: string) => {
    const currency = currencyOf(roomId);
    const exponent = currencyExponent(currency);
    const roundBills: (RoundBill & { bill: Bill })[] = openBills(roomId)
      .sort((a, b) => a.id - b.id)
      .map((b) => {
        const bill = toBill(b);
        const shares = new Map(
          bill.shares.map((s) => [s.userId, s.amount === 0 ? 0 : parseMinor(s.amount, exponent)]),
        );
        return { billId: b.id, ownerId: b.ownerId, shares, bill };
      });
    const { members } = roomBalances(roundBills);
    const transfers = settle(new Map([...members].map(([id, m]) => [id, m.net]))).transfers;
    return {
      currency,
      exponent,
      roundBills,
      members,
      transfers,
      why: explainTransfers(roundBills, transfers),
    };
  };

  return {
    people,
    rooms,
    state,
    toBill,
    findRoom,
    personOf,
    currencyOf,
    openBills,
    isConsolidated,
    openRound,
  };
}

export type BillsStore = ReturnType<typeof createBillsStore>;
