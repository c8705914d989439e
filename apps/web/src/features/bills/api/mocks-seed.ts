import type { Bill, Room, User } from '@outing/contract';
import { centsToAmount, parseAmount, splitBill } from '@outing/ledger';
import { MOCK_ME, MOCK_MONEY_ROOMS, mockPeople } from '../../transactions/api/mocks';

// The seed of the bills mock mode (mocks.ts). The rooms are the rooms feature's mock rooms (same ids).

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
  /** A bill made with a `split` (api-contract §10.2): its split and shares as answered; else an equal split. */
  splitAnswer?: Pick<Bill, 'shares' | 'split'>;
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
    ...(seed.splitAnswer ?? mockShares(seed)),
    createdBy: seed.createdBy ?? seed.ownerId,
    currency: 'USD',
    updatedAt: seed.date ?? minutesAgo(seed.addedMinutesAgo),
  };
}

/** The §10.2 fields of a bill split equally as the original client made it (api-contract §7.1). */
function mockShares(seed: MockBillSeed): Pick<Bill, 'shares' | 'split'> {
  const shares = splitBill({
    billId: seed.id,
    totalCents: parseAmount(seed.amount),
    ownerId: seed.ownerId,
    payerIds: seed.payers,
    includeOwner: seed.includeOwner,
  });
  return {
    shares: [...shares].map(([userId, cents]) => ({ userId, amount: centsToAmount(cents) })),
    split: { mode: 'equal', userIds: [...shares.keys()] },
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
    currency: 'USD',
  };
}
