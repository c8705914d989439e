import type { Balances, Bill, Split, User } from '@outing/contract';
import { MOCK_ME, MOCK_MONEY_ROOMS, mockPeople } from '../transactions';

// The bills of mock mode's demo world (mocks.ts), written as the server answers them: every share and balance is a
// fixed figure, nothing is split or computed here (decision 022). The rooms are the rooms feature's mock rooms (same
// ids); the real figures are the server's, tested against it (*.server.test.tsx).

export interface MockBillRoom {
  id: string;
  /** GET /bills/consolidate/{roomId} says the room was settled up (a fixed state). */
  consolidated?: boolean;
  /** GET /rooms/{id}/balances answers this as written; else nobody owes anything. */
  balances?: Balances;
}

export interface BillsMockSeed {
  rooms: MockBillRoom[];
  /** Each room's bills newest first, as GET /bills answers them. */
  bills: Bill[];
}

export interface BillFixture {
  id: number;
  roomId: string;
  name: string;
  amount: number;
  owner: User;
  /** Each participant's share as the server split it: [userId, amount]. */
  shares: [number, number][];
  /** As sent; an equal split among the sharers when left out. */
  split?: Split;
  createdBy?: number;
  minutesAgo?: number;
  currency?: string;
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A bill as GET /bills answers it (docs/api/README.md#bills), from its written-out shares. */
export function mockBill(b: BillFixture): Bill {
  const date = minutesAgo(b.minutesAgo ?? 0);
  const ids = b.shares.map(([userId]) => userId);
  return {
    id: b.id,
    name: b.name,
    amount: b.amount,
    includeOwner: ids.includes(b.owner.id),
    date,
    roomId: b.roomId,
    payers: ids.filter((id) => id !== b.owner.id),
    ownerId: b.owner.id,
    owner: { ...b.owner, email: '' },
    consolidationId: null,
    shares: b.shares.map(([userId, amount]) => ({ userId, amount })),
    split: b.split ?? { mode: 'equal', userIds: ids },
    createdBy: b.createdBy ?? b.owner.id,
    currency: b.currency ?? 'USD',
    updatedAt: date,
  };
}

export function defaultBillsSeed(): BillsMockSeed {
  const { ben, chloe, felix } = mockPeople;
  const me = MOCK_ME;
  const { boardGames, lisbon } = MOCK_MONEY_ROOMS;
  const games = (id: number, name: string, amount: number, owner: User, shares: [number, number][]) =>
    mockBill({ id, roomId: boardGames.id, name, amount, owner, shares, minutesAgo: 60 * (67 - id) });
  return {
    rooms: [
      {
        id: boardGames.id,
        // Ada's net and who pays whom over its four bills.
        balances: {
          currency: 'USD',
          members: [
            { userId: me.id, paid: 42, owes: 36.88, net: 5.12 },
            { userId: ben.id, paid: 10, owes: 20.2, net: -10.2 },
            { userId: chloe.id, paid: 41.95, owes: 36.87, net: 5.08 },
          ],
          transfers: [
            { payerId: ben.id, payeeId: me.id, amount: 5.12 },
            { payerId: ben.id, payeeId: chloe.id, amount: 5.08 },
          ],
        },
      },
      {
        id: lisbon.id,
        consolidated: true,
        // The flights deposit, as the transactions seed's unpaid transaction 31 says.
        balances: {
          currency: 'USD',
          members: [
            { userId: me.id, paid: 240, owes: 120, net: 120 },
            { userId: felix.id, paid: 0, owes: 120, net: -120 },
          ],
          transfers: [{ payerId: felix.id, payeeId: me.id, amount: 120, transactionId: 31 }],
        },
      },
    ],
    bills: [
      games(44, 'Taxi home', 23.35, chloe, [
        [chloe.id, 11.67],
        [me.id, 11.68],
      ]),
      games(43, 'Table booking', 10, ben, [
        [me.id, 5],
        [chloe.id, 5],
      ]),
      games(42, 'Pizza', 42, me, [
        [me.id, 14],
        [ben.id, 14],
        [chloe.id, 14],
      ]),
      games(41, 'Snacks and crisps', 18.6, chloe, [
        [chloe.id, 6.2],
        [me.id, 6.2],
        [ben.id, 6.2],
      ]),
      mockBill({
        id: 40,
        roomId: lisbon.id,
        name: 'Flights deposit',
        amount: 240,
        owner: me,
        shares: [
          [me.id, 120],
          [felix.id, 120],
        ],
        minutesAgo: 60 * 4,
      }),
    ],
  };
}
