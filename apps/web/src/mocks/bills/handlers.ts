import { HttpResponse } from 'msw';
import {
  billEndpoints,
  type Balances,
  type Bill,
  type CreateBillBody,
  type Split,
  type User,
} from '@outing/contract';
import { fail } from '../envelope';
import { readJson } from '../request';
import { mockFixed, mockOk, mockPage, mockSignedIn } from '../route';
import { MOCK_ME as me, MOCK_MONEY_ROOMS, minutesAgo, mockPeople } from '../demo';

// Mock mode for bills and a room's money (docs/api/README.md#bills, #splitting, #live-ledger), thin (decision 022;
// docs/principles.md, principle 7): the demo's bills and balances as written, and a fixed, plausible answer to each
// write. Nothing is split, settled or exported here, and a write changes nothing the reads answer: the rules are the
// server's, tested against it (*.server.test.tsx). Every share and balance is a fixed figure; the rooms are the
// rooms mock's (mocks/demo.ts). Component tests serve their own bills (features/bills/testing.ts).

const { ben, chloe, felix } = mockPeople;
const { boardGames, lisbon } = MOCK_MONEY_ROOMS;

/** id, room id, name, amount, paid by, each sharer's share ([user id, amount]), hours ago. */
type BillRow = [number, string, string, number, User, [number, number][], number];

/** A demo bill as GET /bills answers it: its shares as written, split equally among its sharers. */
function bill([id, roomId, name, amount, owner, shares, hoursAgo]: BillRow): Bill {
  const [date, userIds] = [minutesAgo(60 * hoursAgo), shares.map(([userId]) => userId)];
  // prettier-ignore
  return {
    id, name, amount, roomId, date, updatedAt: date, currency: 'USD', consolidationId: null,
    ownerId: owner.id, owner: { ...owner, email: '' }, createdBy: owner.id,
    includeOwner: userIds.includes(owner.id), payers: userIds.filter((userId) => userId !== owner.id),
    shares: shares.map(([userId, share]) => ({ userId, amount: share })), split: { mode: 'equal', userIds },
  };
}

/** Each room's bills, newest first. */
// prettier-ignore
const bills = ([
  [44, boardGames.id, 'Taxi home', 23.35, chloe, [[chloe.id, 11.67], [me.id, 11.68]], 23],
  [43, boardGames.id, 'Table booking', 10, ben, [[me.id, 5], [chloe.id, 5]], 24],
  [42, boardGames.id, 'Pizza', 42, me, [[me.id, 14], [ben.id, 14], [chloe.id, 14]], 25],
  [41, boardGames.id, 'Snacks and crisps', 18.6, chloe, [[chloe.id, 6.2], [me.id, 6.2], [ben.id, 6.2]], 26],
  [40, lisbon.id, 'Flights deposit', 240, me, [[me.id, 120], [felix.id, 120]], 4],
] satisfies BillRow[]).map(bill);

const row = (userId: number, paid: number, owes: number, net: number) => ({ userId, paid, owes, net });
const transfer = (payerId: number, payeeId: number, amount: number) => ({ payerId, payeeId, amount });

/** GET /rooms/{id}/balances as written; nobody owes anything in any other room. */
const nobodyOwes: Balances = { currency: 'USD', members: [], transfers: [] };
const balances: Record<string, Balances> = {
  // Ada's net and who pays whom over Board Game Night's four bills.
  [boardGames.id]: {
    currency: 'USD',
    members: [row(me.id, 42, 36.88, 5.12), row(ben.id, 10, 20.2, -10.2), row(chloe.id, 41.95, 36.87, 5.08)],
    transfers: [transfer(ben.id, me.id, 5.12), transfer(ben.id, chloe.id, 5.08)],
  },
  // Lisbon was settled up: the flights deposit, as the transactions mock's unpaid transaction 31 says.
  [lisbon.id]: {
    currency: 'USD',
    members: [row(me.id, 240, 120, 120), row(felix.id, 0, 120, -120)],
    transfers: [{ payerId: felix.id, payeeId: me.id, amount: 120, transactionId: 31 }],
  },
};

/** A demo export: the server's header, and no rows (the real file is the server's). */
const csv = () =>
  new HttpResponse('Record,Settle-up,Date,Bill,Person,Paid by / to,Amount,Currency,Status\r\n', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="outing-demo.csv"',
    },
  });

const find = (id: string) => bills.find((b) => String(b.id) === id);
const billNotFound = () => fail(404, 'NOT_FOUND', 'Bill not found.');

export const billsHandlers = [
  mockSignedIn(billEndpoints.list, ({ request }) => {
    const roomId = new URL(request.url).searchParams.get('roomId');
    const inRoom = bills.filter((b) => b.roomId === roomId);
    return mockPage(billEndpoints.list, inRoom, request);
  }),
  // The bill as sent, under a new id; it is not added to the list.
  mockSignedIn(billEndpoints.create, async ({ request, claims }) => {
    const body = (await readJson(request)) as Partial<CreateBillBody>;
    // paidBy is one id or, with several payers (issue 36), a list: the owner is who paid most.
    const paidBy = Array.isArray(body.paidBy)
      ? [...body.paidBy].sort((a, b) => b.amount - a.amount || a.userId - b.userId)[0]?.userId
      : body.paidBy;
    const owner = { id: paidBy ?? claims.user_id, username: claims.username, email: '', pictureUrl: '' };
    const sent = bill([1000, body.roomId ?? '', body.name ?? '', body.amount ?? 0, owner, [], 0]);
    const split = (body.split as Split | undefined) ?? { mode: 'equal', userIds: [owner.id] };
    const { includeOwner = true, payers = [] } = body;
    const created = { ...sent, split, includeOwner, payers, createdBy: claims.user_id };
    return mockOk(billEndpoints.create, created, 'Bill created');
  }),
  // The bill with the fields sent; its shares as they were.
  mockSignedIn(billEndpoints.edit, async ({ request, params }) => {
    const found = find(params.id);
    if (!found) return billNotFound();
    const body = (await readJson(request)) as Partial<Bill>;
    const { name = found.name, amount = found.amount, split = found.split } = body;
    const edited = { ...found, name, amount, split, updatedAt: new Date().toISOString() };
    return mockOk(billEndpoints.edit, edited, 'Bill updated');
  }),
  mockFixed(billEndpoints.remove, null, 'Bill deleted'),
  mockSignedIn(billEndpoints.restore, ({ params }) => {
    const found = find(params.id);
    return found ? mockOk(billEndpoints.restore, found, 'Bill restored') : billNotFound();
  }),
  mockSignedIn(billEndpoints.roomBalances, ({ params }) =>
    mockOk(billEndpoints.roomBalances, balances[params.id] ?? nobodyOwes),
  ),
  mockSignedIn(billEndpoints.exportCsv, csv),
  // Everyone is told what they owe: here, nobody is told anything.
  mockFixed(billEndpoints.consolidate, [], 'Bill consolidated successfully'),
  mockSignedIn(billEndpoints.consolidation, ({ params }) =>
    mockOk(billEndpoints.consolidation, { isConsolidated: params.roomId === lisbon.id }),
  ),
];
