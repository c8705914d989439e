import type { Balances, Bill, Split, User } from '@outing/contract';
import { MOCK_ME, MOCK_MONEY_ROOMS, minutesAgo, mockPeople } from '../demo';

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
  const { boardGames, lisbon } = MOCK_MONEY_ROOMS;
  const me = MOCK_ME;
  const member = (userId: number, paid: number, owes: number, net: number) => ({ userId, paid, owes, net });
  /** id, room, name, amount, paid by, each sharer's share ([user id, amount]), hours ago; newest first. */
  // prettier-ignore
  const bills: [number, { id: string }, string, number, User, [number, number][], number][] = [
    [44, boardGames, 'Taxi home', 23.35, chloe, [[chloe.id, 11.67], [me.id, 11.68]], 23],
    [43, boardGames, 'Table booking', 10, ben, [[me.id, 5], [chloe.id, 5]], 24],
    [42, boardGames, 'Pizza', 42, me, [[me.id, 14], [ben.id, 14], [chloe.id, 14]], 25],
    [41, boardGames, 'Snacks and crisps', 18.6, chloe, [[chloe.id, 6.2], [me.id, 6.2], [ben.id, 6.2]], 26],
    [40, lisbon, 'Flights deposit', 240, me, [[me.id, 120], [felix.id, 120]], 4],
  ];
  return {
    rooms: [
      {
        id: boardGames.id,
        // Ada's net and who pays whom over its four bills.
        balances: {
          currency: 'USD',
          members: [
            member(me.id, 42, 36.88, 5.12),
            member(ben.id, 10, 20.2, -10.2),
            member(chloe.id, 41.95, 36.87, 5.08),
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
          members: [member(me.id, 240, 120, 120), member(felix.id, 0, 120, -120)],
          transfers: [{ payerId: felix.id, payeeId: me.id, amount: 120, transactionId: 31 }],
        },
      },
    ],
    bills: bills.map(([id, room, name, amount, owner, shares, hoursAgo]) =>
      mockBill({ id, roomId: room.id, name, amount, owner, shares, minutesAgo: 60 * hoursAgo }),
    ),
  };
}
