import { http } from 'msw';
import { AmountError, billDebts, centsToAmount, netBalances, parseAmount, settle } from '@outing/ledger';
import type { Bill, Room, User } from '@outing/contract';
import { API_BASE } from '../../../lib/api-client';
import { mockDelay } from '../../../mocks/delay';
import { fail, ok } from '../../../mocks/envelope';
import { claimsOf } from '../../../mocks/token';
import {
  MOCK_ME,
  MOCK_MONEY_ROOMS,
  mockPeople,
  mockTransaction,
  transactionsMockStore,
  type TransactionsMockStore,
} from '../../transactions/api/mocks';

// Mock mode for bills (api-contract §7). The rooms they belong to are the rooms feature's mock rooms (same ids);
// consolidating adds the transactions to the shared transactions store, so the home panel shows them.

export interface MockBillRoom {
  id: string;
  name: string;
  hostId: number;
  /** Member ids, the host first. */
  members: number[];
  isClosed?: boolean;
  consolidated?: boolean;
}

export interface MockBillSeed {
  id: number;
  roomId: string;
  name: string;
  amount: number;
  ownerId: number;
  payers: number[];
  includeOwner: boolean;
  /** Minutes ago it was added. */
  addedMinutesAgo: number;
  /** An exact ISO time instead (tests). */
  date?: string;
}

export interface BillsMockSeed {
  /** Everyone the rooms mention (the signed-in user included). */
  people: User[];
  rooms: MockBillRoom[];
  bills: MockBillSeed[];
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function defaultBillsSeed(): BillsMockSeed {
  const { ben, chloe, dev, emma, felix } = mockPeople;
  const me = MOCK_ME.id;
  return {
    people: [MOCK_ME, ...Object.values(mockPeople)],
    // The signed-in user's rooms in the rooms feature's seed; only Board Game Night has bills to consolidate.
    rooms: [
      { ...MOCK_MONEY_ROOMS.birthday, hostId: ben.id, members: [ben.id, me, chloe.id, dev.id] },
      { ...MOCK_MONEY_ROOMS.football, hostId: me, members: [me, dev.id, emma.id] },
      { ...MOCK_MONEY_ROOMS.boardGames, hostId: chloe.id, members: [chloe.id, me, ben.id] },
      { ...MOCK_MONEY_ROOMS.lisbon, hostId: me, members: [me, felix.id], consolidated: true },
    ],
    bills: [
      {
        id: 41,
        roomId: MOCK_MONEY_ROOMS.boardGames.id,
        name: 'Snacks and crisps',
        amount: 18.6,
        ownerId: chloe.id,
        payers: [me, ben.id],
        includeOwner: true,
        addedMinutesAgo: 60 * 26,
      },
      {
        id: 42,
        roomId: MOCK_MONEY_ROOMS.boardGames.id,
        name: 'Pizza',
        amount: 42,
        ownerId: me,
        payers: [ben.id, chloe.id],
        includeOwner: true,
        addedMinutesAgo: 60 * 25,
      },
      {
        id: 43,
        roomId: MOCK_MONEY_ROOMS.boardGames.id,
        name: 'Table booking',
        amount: 10,
        ownerId: ben.id,
        payers: [me, chloe.id],
        includeOwner: false,
        addedMinutesAgo: 60 * 24,
      },
      {
        id: 44,
        roomId: MOCK_MONEY_ROOMS.boardGames.id,
        name: 'Taxi home',
        amount: 23.35,
        ownerId: chloe.id,
        payers: [me],
        includeOwner: true,
        addedMinutesAgo: 60 * 23,
      },
      {
        id: 40,
        roomId: MOCK_MONEY_ROOMS.lisbon.id,
        name: 'Flights deposit',
        amount: 240,
        ownerId: me,
        payers: [felix.id],
        includeOwner: true,
        addedMinutesAgo: 60 * 4,
      },
    ],
  };
}

/** A bill as the server answers it. */
export function mockBill(seed: MockBillSeed, people: User[], consolidationId: number | null = null): Bill {
  const owner = people.find((p) => p.id === seed.ownerId) ?? {
    id: seed.ownerId,
    username: `user${seed.ownerId}`,
    email: '',
    pictureUrl: '',
  };
  return {
    id: seed.id,
    name: seed.name,
    amount: seed.amount,
    includeOwner: seed.includeOwner,
    date: seed.date ?? minutesAgo(seed.addedMinutesAgo),
    roomId: seed.roomId,
    payers: seed.payers,
    ownerId: seed.ownerId,
    owner: { ...owner, email: '' },
    consolidationId,
  };
}

/** A room as GET /v1/rooms/{id} answers it (for the bill screens' own room handlers). */
export function mockBillRoom(room: MockBillRoom, people: User[]): Room {
  const host = people.find((p) => p.id === room.hostId)!;
  const date = new Date(Date.now() + 7 * 24 * 60 * 60_000);
  date.setUTCHours(0, 0, 0, 0);
  return {
    id: room.id,
    name: room.name,
    time: '19:30',
    venue: 'Draughts Waterloo',
    venuePlaceId: 'mock:draughts-waterloo',
    venueUrl: 'https://www.google.com/maps/search/?api=1&query=Draughts%20Waterloo',
    imageUrl: '/imgs/gathering.png',
    date: date.toISOString(),
    description: '',
    attendeesCount: room.members.length,
    hostId: room.hostId,
    host: { ...host, email: '' },
    createdAt: minutesAgo(60 * 48),
    updatedAt: minutesAgo(60),
    isClosed: room.isClosed ?? false,
    isPrivate: false,
    url: `${location.origin}/room/${room.id}`,
  };
}

async function json(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const unauthenticated = () => fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
const notMember = () => fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
const roomNotFound = () => fail(404, 'NOT_FOUND', 'Room not found.');
const badRequest = (path: string, message: string) => fail(400, 'VALIDATION', message, [{ path, message }]);

/**
 * The bills calls. `transactions` is the store the consolidation adds to (the transactions handlers read it);
 * each call of this function starts from `seed` afresh.
 */
export function createBillsHandlers(
  seed: BillsMockSeed = defaultBillsSeed(),
  transactions: TransactionsMockStore = transactionsMockStore,
) {
  const people = [...seed.people];
  const rooms = seed.rooms.map((r) => ({ ...r, members: [...r.members] }));
  let bills = seed.bills.map((b) => ({
    ...b,
    consolidationId: null as number | null,
    date: b.date ?? minutesAgo(b.addedMinutesAgo),
  }));
  let nextBillId = Math.max(100, ...seed.bills.map((b) => b.id + 1));
  let nextConsolidationId = 50;
  const consolidated = new Set(rooms.filter((r) => r.consolidated).map((r) => r.id));

  const toBill = (b: (typeof bills)[number]): Bill => ({
    ...mockBill(b, people, b.consolidationId),
    date: b.date,
  });
  const findRoom = (id: string | null) => rooms.find((r) => r.id === id);
  const personOf = (id: number) => people.find((p) => p.id === id)!;

  return [
    http.get(`${API_BASE}/bills`, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return unauthenticated();
      const room = findRoom(new URL(request.url).searchParams.get('roomId'));
      if (!room) return roomNotFound();
      if (!room.members.includes(claims.user_id)) return notMember();
      return ok(
        bills
          .filter((b) => b.roomId === room.id)
          .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
          .map(toBill),
      );
    }),

    http.post(`${API_BASE}/bills`, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return unauthenticated();
      const body = await json(request);
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (name === '') return badRequest('name', 'Bill Name is required');
      if (name.length > 60) return badRequest('name', 'Bill Name must be at most 60 characters');
      if (typeof body.amount !== 'number') return badRequest('amount', 'amount is required');
      let cents: number;
      try {
        cents = parseAmount(body.amount);
      } catch (error) {
        if (error instanceof AmountError) return badRequest('amount', error.message);
        throw error;
      }
      const payers = Array.isArray(body.payers) ? [...new Set(body.payers.map(Number))] : [];
      if (payers.length === 0 || payers.some((p) => !Number.isInteger(p) || p <= 0)) {
        return badRequest('payers', 'Choose at least one payer');
      }
      if (payers.includes(claims.user_id)) {
        return badRequest('payers', 'You cannot be a payer of your own bill');
      }
      const room = findRoom(typeof body.roomId === 'string' ? body.roomId : null);
      if (!room) return roomNotFound();
      if (!room.members.includes(claims.user_id)) return notMember();
      if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
      if (consolidated.has(room.id)) {
        return fail(409, 'CONFLICT', 'The bills of this room are already consolidated.');
      }
      if (payers.some((p) => !people.some((person) => person.id === p))) {
        return fail(404, 'NOT_FOUND', 'Room or user not found');
      }
      if (payers.some((p) => !room.members.includes(p))) {
        return badRequest('payers', 'Every payer must be a member of the room');
      }
      const bill = {
        id: nextBillId++,
        roomId: room.id,
        name,
        amount: centsToAmount(cents),
        ownerId: claims.user_id,
        payers,
        includeOwner: body.includeOwner !== false,
        addedMinutesAgo: 0,
        consolidationId: null,
        date: new Date().toISOString(),
      };
      bills = [...bills, bill];
      return ok(toBill(bill), 'Bill created');
    }),

    http.delete<{ id: string }>(`${API_BASE}/bills/:id`, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return unauthenticated();
      const bill = bills.find((b) => String(b.id) === params.id);
      const room = bill && findRoom(bill.roomId);
      if (!bill || !room || !room.members.includes(claims.user_id)) {
        return fail(404, 'NOT_FOUND', 'Bill not found.');
      }
      if (bill.ownerId !== claims.user_id && room.hostId !== claims.user_id) {
        return fail(403, 'FORBIDDEN', 'Only the bill’s owner or the host can delete it.');
      }
      if (consolidated.has(room.id)) {
        return fail(409, 'CONFLICT', 'The bills of this room are already consolidated.');
      }
      bills = bills.filter((b) => b !== bill);
      return ok(null, 'Bill deleted');
    }),

    http.post(`${API_BASE}/bills/consolidate`, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return unauthenticated();
      const body = await json(request);
      const room = findRoom(typeof body.roomId === 'string' ? body.roomId : null);
      if (!room) return roomNotFound();
      if (room.hostId !== claims.user_id) {
        return fail(403, 'NOT_HOST', 'Only the host can consolidate the bills.');
      }
      if (consolidated.has(room.id)) {
        return fail(409, 'CONFLICT', 'The bills of this room are already consolidated.');
      }
      const roomBills = bills.filter((b) => b.roomId === room.id).sort((a, b) => a.id - b.id);
      if (roomBills.length === 0) return fail(409, 'CONFLICT', 'There are no bills to consolidate.');
      const debts = roomBills.flatMap((b) =>
        billDebts({
          billId: b.id,
          totalCents: parseAmount(b.amount),
          ownerId: b.ownerId,
          payerIds: b.payers,
          includeOwner: b.includeOwner,
        }),
      );
      const consolidationId = nextConsolidationId++;
      consolidated.add(room.id);
      for (const b of roomBills) b.consolidationId = consolidationId;
      const created = settle(netBalances(debts)).transfers.map((t) =>
        mockTransaction({
          id: transactions.nextId++,
          consolidationId,
          room: { id: room.id, name: room.name },
          payer: personOf(t.from),
          payee: personOf(t.to),
          amount: centsToAmount(t.cents),
          createdMinutesAgo: 0,
          paidOn: null,
        }),
      );
      transactions.transactions.push(...created);
      return ok(
        created.map(({ createdAt: _createdAt, ...t }) => t),
        'Bill consolidated successfully',
      );
    }),

    http.get<{ roomId: string }>(`${API_BASE}/bills/consolidate/:roomId`, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return unauthenticated();
      const room = findRoom(params.roomId);
      if (!room) return roomNotFound();
      if (!room.members.includes(claims.user_id)) return notMember();
      return ok({ isConsolidated: consolidated.has(room.id) });
    }),
  ];
}

/**
 * GET /v1/rooms/{id} and /attendees for the seed's rooms. The rooms feature answers these in mock mode; the bill
 * screens' tests use these so that they need nothing else. Do not register both.
 */
export function createBillRoomHandlers(seed: BillsMockSeed = defaultBillsSeed()) {
  const findRoom = (id: string) => seed.rooms.find((r) => r.id === id);
  return [
    http.get<{ id: string }>(`${API_BASE}/rooms/:id`, async ({ request, params }) => {
      await mockDelay();
      if (!claimsOf(request)) return unauthenticated();
      const room = findRoom(params.id);
      return room ? ok(mockBillRoom(room, seed.people)) : roomNotFound();
    }),
    http.get<{ id: string }>(`${API_BASE}/rooms/:id/attendees`, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return unauthenticated();
      const room = findRoom(params.id);
      if (!room) return roomNotFound();
      if (!room.members.includes(claims.user_id)) return notMember();
      return ok(
        room.members.map((id) => {
          const person = seed.people.find((p) => p.id === id)!;
          return { ...person, email: '' };
        }),
      );
    }),
  ];
}

/** Register in `src/mocks/handlers.ts` (before the rooms handlers, which answer GET /bills/consolidate too). */
export const billsHandlers = createBillsHandlers(defaultBillsSeed(), transactionsMockStore);
