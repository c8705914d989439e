import { mockPlanFields } from '../../rooms/api/mocks-plan-fields';
import type { Balances, Bill, Room, SplitInput, User } from '@outing/contract';
import { currencyExponent, minorToAmount, parseMinor } from '@outing/ledger';
import { fromSpec, splitOf, toSpec } from './mocks-split';
import { MOCK_ME, MOCK_MONEY_ROOMS, mockPeople } from '../../transactions/api/mocks';

// The seed of the bills mock mode (mocks.ts). The rooms are the rooms feature's mock rooms (same ids).

export interface MockBillRoom {
  id: string;
  name: string;
  hostId: number;
  /** Member ids, the host first. */
  members: number[];
  isClosed?: boolean;
  /** GET /bills/consolidate/{roomId} says the room was settled up (a fixed state, nothing computed). */
  consolidated?: boolean;
  /** GET /rooms/{id}/balances answers this, as written (mock mode computes no money); else everyone is square. */
  balances?: Balances;
  /** ISO 4217; USD when left out. */
  currency?: string;
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
  /** A split (docs/api/README.md#splitting); without it the bill splits equally among `payers` (plus the owner with `includeOwner`). */
  split?: SplitInput;
  /** Who added it, when not its payer. */
  createdBy?: number;
}

export interface BillsMockSeed {
  /** Everyone the rooms mention (the signed-in user included). */
  people: User[];
  rooms: MockBillRoom[];
  bills: MockBillSeed[];
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function defaultBillsSeed(): BillsMockSeed {
  const { ben, chloe, dev, emma, felix } = mockPeople;
  const me = MOCK_ME.id;
  return {
    people: [MOCK_ME, ...Object.values(mockPeople)],
    // The signed-in user's rooms in the rooms feature's seed, with fixed money for the two with bills.
    rooms: [
      { ...MOCK_MONEY_ROOMS.birthday, hostId: ben.id, members: [ben.id, me, chloe.id, dev.id] },
      { ...MOCK_MONEY_ROOMS.football, hostId: me, members: [me, dev.id, emma.id] },
      {
        ...MOCK_MONEY_ROOMS.boardGames,
        hostId: chloe.id,
        members: [chloe.id, me, ben.id],
        // Fixed demo figures for its four bills (the real ones are the server's).
        balances: {
          currency: 'USD',
          members: [
            { userId: me, paid: 42, owes: 36.88, net: 5.12 },
            { userId: ben.id, paid: 10, owes: 20.2, net: -10.2 },
            { userId: chloe.id, paid: 41.95, owes: 36.87, net: 5.08 },
          ],
          transfers: [
            { payerId: ben.id, payeeId: me, amount: 5.12 },
            { payerId: ben.id, payeeId: chloe.id, amount: 5.08 },
          ],
        },
      },
      {
        ...MOCK_MONEY_ROOMS.lisbon,
        hostId: me,
        members: [me, felix.id],
        consolidated: true,
        // The flights deposit, as the transactions seed's unpaid transaction 31 says.
        balances: {
          currency: 'USD',
          members: [
            { userId: me, paid: 240, owes: 120, net: 120 },
            { userId: felix.id, paid: 0, owes: 120, net: -120 },
          ],
          transfers: [{ payerId: felix.id, payeeId: me, amount: 120, transactionId: 31 }],
        },
      },
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

/** The split a seed bill stands for: its own, or the equal split of its payers (and owner) of docs/api/README.md#bills. */
export function seedSpec(seed: MockBillSeed, currency: string) {
  const exponent = currencyExponent(currency);
  if (seed.split) return toSpec(seed.split, exponent);
  const userIds = [...new Set([...(seed.includeOwner ? [seed.ownerId] : []), ...seed.payers])];
  return { mode: 'equal' as const, userIds };
}

/** A bill as the server answers it (docs/api/README.md#bills: shares, split, createdBy, currency). */
export function mockBill(
  seed: MockBillSeed,
  people: User[],
  consolidationId: number | null = null,
  currency = 'USD',
): Bill {
  const owner = people.find((p) => p.id === seed.ownerId) ?? {
    id: seed.ownerId,
    username: `user${seed.ownerId}`,
    email: '',
    pictureUrl: '',
  };
  const exponent = currencyExponent(currency);
  const spec = seedSpec(seed, currency);
  const result = splitOf({
    id: seed.id,
    totalMinor: spec.mode === 'items' ? undefined : parseMinor(seed.amount, exponent),
    spec,
    currency,
  });
  const amount = (minor: number) => minorToAmount(minor, exponent);
  const shares = [...result.shares].map(([userId, minor]) => ({ userId, amount: amount(minor) }));
  return {
    id: seed.id,
    name: seed.name,
    amount: amount(result.total),
    includeOwner: (result.shares.get(seed.ownerId) ?? 0) > 0,
    date: seed.date ?? minutesAgo(seed.addedMinutesAgo),
    roomId: seed.roomId,
    payers: shares.filter((s) => s.userId !== seed.ownerId && s.amount > 0).map((s) => s.userId),
    ownerId: seed.ownerId,
    owner: { ...owner, email: '' },
    consolidationId,
    shares,
    split: fromSpec(spec, exponent, result.charges),
    createdBy: seed.createdBy ?? seed.ownerId,
    currency,
    updatedAt: seed.date ?? minutesAgo(seed.addedMinutesAgo),
  };
}

/** A room as GET /v1/rooms/{id} answers it (for the bill screens' own room handlers). */
export function mockBillRoom(room: MockBillRoom, people: User[]): Room {
  const host = people.find((p) => p.id === room.hostId)!;
  const date = new Date(Date.now() + 7 * 24 * 60 * 60_000);
  date.setUTCHours(0, 0, 0, 0);
  return {
    ...mockPlanFields(date.toISOString(), '19:30', room.members.length),
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
    currency: room.currency ?? 'USD',
  };
}
