import { HttpResponse } from 'msw';
import {
  billEndpoints,
  type Bill,
  type CreateBillBody,
  type EditBillBody,
  type Split,
  type Balances,
  type User,
} from '@outing/contract';
import { fail } from '../envelope';
import { readJson } from '../request';
import { mockFixed, mockOk, mockPage, mockSignedIn } from '../route';
import { MOCK_ME, MOCK_MONEY_ROOMS, minutesAgo, mockPeople } from '../demo';

// Mock mode for bills and a room's money (docs/api/README.md#bills, #splitting, #live-ledger), thin (decision 022;
// docs/principles.md, principle 7): the seed's bills and balances as written, and a fixed, plausible answer to
// each write. Nothing is split, settled or exported here, and a write changes nothing the reads answer: the rules
// are the server's, tested against it (*.server.test.tsx). The seed's every share and balance is a fixed figure; its
// rooms are the rooms mock's (mocks/demo.ts).

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
  const transfer = (payerId: number, payeeId: number, amount: number) => ({ payerId, payeeId, amount });
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
          transfers: [transfer(ben.id, me.id, 5.12), transfer(ben.id, chloe.id, 5.08)],
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

/** A demo export: the server's header, and no rows (the real file is the server's). */
const DEMO_CSV = 'Record,Settle-up,Date,Bill,Person,Paid by / to,Amount,Currency,Status\r\n';

const billNotFound = () => fail(404, 'NOT_FOUND', 'Bill not found.');

/** The bills calls, answered from `seed`. */
export function createBillsHandlers(seed: BillsMockSeed = defaultBillsSeed()) {
  const find = (id: string) => seed.bills.find((b) => String(b.id) === id);
  const room = (id: string) => seed.rooms.find((r) => r.id === id);

  return [
    mockSignedIn(billEndpoints.list, ({ request }) => {
      const roomId = new URL(request.url).searchParams.get('roomId');
      const bills = seed.bills.filter((b) => b.roomId === roomId);
      return mockPage(billEndpoints.list, bills, request);
    }),

    // The bill as sent, under a new id; it is not added to the list.
    mockSignedIn(billEndpoints.create, async ({ request, claims }) => {
      const body = (await readJson(request)) as Partial<CreateBillBody>;
      const ownerId = body.paidBy ?? claims.user_id;
      const owner = { id: ownerId, username: claims.username, email: '', pictureUrl: '' };
      const [name, amount, roomId] = [body.name ?? '', body.amount ?? 0, body.roomId ?? ''];
      const split = (body.split as Split | undefined) ?? { mode: 'equal', userIds: [ownerId] };
      const b = mockBill({ id: 1000, roomId, name, amount, owner, split, shares: [] });
      const bill = { ...b, createdBy: claims.user_id, includeOwner: body.includeOwner ?? true };
      return mockOk(billEndpoints.create, { ...bill, payers: body.payers ?? [] }, 'Bill created');
    }),

    // The bill with the fields sent; its shares as they were.
    mockSignedIn(billEndpoints.edit, async ({ request, params }) => {
      const bill = find(params.id);
      if (!bill) return billNotFound();
      const edit = (await readJson(request)) as EditBillBody;
      return mockOk(
        billEndpoints.edit,
        {
          ...bill,
          ...(edit.name !== undefined ? { name: edit.name } : {}),
          ...(edit.amount !== undefined ? { amount: edit.amount } : {}),
          ...(edit.split ? { split: edit.split as Split } : {}),
          updatedAt: new Date().toISOString(),
        },
        'Bill updated',
      );
    }),

    mockFixed(billEndpoints.remove, null, 'Bill deleted'),

    mockSignedIn(billEndpoints.restore, ({ params }) => {
      const bill = find(params.id);
      return bill ? mockOk(billEndpoints.restore, bill, 'Bill restored') : billNotFound();
    }),

    mockSignedIn(billEndpoints.roomBalances, ({ params }) =>
      mockOk(
        billEndpoints.roomBalances,
        room(params.id)?.balances ?? { currency: 'USD', members: [], transfers: [] },
      ),
    ),

    mockSignedIn(
      billEndpoints.exportCsv,
      () =>
        new HttpResponse(DEMO_CSV, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="outing-demo.csv"',
          },
        }),
    ),

    // Everyone is told what they owe: here, nobody is told anything.
    mockFixed(billEndpoints.consolidate, [], 'Bill consolidated successfully'),

    mockSignedIn(billEndpoints.consolidation, ({ params }) =>
      mockOk(billEndpoints.consolidation, { isConsolidated: room(params.roomId)?.consolidated ?? false }),
    ),
  ];
}

/** Mock mode's bills calls. */
export const billsHandlers = createBillsHandlers();
