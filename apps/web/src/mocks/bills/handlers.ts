import { HttpResponse } from 'msw';
import {
  billEndpoints,
  type Bill,
  type CreateBillBody,
  type EditBillBody,
  type Split,
} from '@outing/contract';
import { fail } from '../envelope';
import { readJson, signedIn } from '../request';
import { mockOk, mockPage, mockRoute } from '../route';
import { defaultBillsSeed, type BillsMockSeed } from './seed';

// Mock mode for bills and a room's money (docs/api/README.md#bills, #splitting, #live-ledger), thin (decision 022;
// docs/principles.md, principle 7): the seed's bills and balances as written, and a fixed, plausible answer to
// each write. Nothing is split, settled or exported here, and a write changes nothing the reads answer: the rules
// are the server's, tested against it (*.server.test.tsx).

export { defaultBillsSeed, mockBill, type BillFixture, type BillsMockSeed, type MockBillRoom } from './seed';

/** A demo export: the server's header, and no rows (the real file is the server's). */
const DEMO_CSV = 'Record,Settle-up,Date,Bill,Person,Paid by / to,Amount,Currency,Status\r\n';

const billNotFound = () => fail(404, 'NOT_FOUND', 'Bill not found.');

/** The bills calls, answered from `seed`. */
export function createBillsHandlers(seed: BillsMockSeed = defaultBillsSeed()) {
  const find = (id: string) => seed.bills.find((b) => String(b.id) === id);
  const room = (id: string) => seed.rooms.find((r) => r.id === id);

  return [
    mockRoute(
      billEndpoints.list,
      signedIn(({ request }) => {
        const roomId = new URL(request.url).searchParams.get('roomId');
        return mockPage(
          billEndpoints.list,
          seed.bills.filter((b) => b.roomId === roomId),
          request,
        );
      }),
    ),

    // The bill as sent, under a new id; it is not added to the list.
    mockRoute(
      billEndpoints.create,
      signedIn(async ({ request, claims }) => {
        const body = (await readJson(request)) as Partial<CreateBillBody>;
        const ownerId = body.paidBy ?? claims.user_id;
        const now = new Date().toISOString();
        const bill: Bill = {
          id: 1000,
          name: body.name ?? '',
          amount: body.amount ?? 0,
          includeOwner: body.includeOwner ?? true,
          date: now,
          roomId: body.roomId ?? '',
          payers: body.payers ?? [],
          ownerId,
          owner: { id: ownerId, username: claims.username, email: '', pictureUrl: '' },
          consolidationId: null,
          shares: [],
          split: (body.split as Split | undefined) ?? { mode: 'equal', userIds: [ownerId] },
          createdBy: claims.user_id,
          currency: 'USD',
          updatedAt: now,
        };
        return mockOk(billEndpoints.create, bill, 'Bill created');
      }),
    ),

    // The bill with the fields sent; its shares as they were.
    mockRoute(
      billEndpoints.edit,
      signedIn(async ({ request, params }) => {
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
    ),

    mockRoute(
      billEndpoints.remove,
      signedIn(() => mockOk(billEndpoints.remove, null, 'Bill deleted')),
    ),

    mockRoute(
      billEndpoints.restore,
      signedIn(({ params }) => {
        const bill = find(params.id);
        return bill ? mockOk(billEndpoints.restore, bill, 'Bill restored') : billNotFound();
      }),
    ),

    mockRoute(
      billEndpoints.roomBalances,
      signedIn(({ params }) =>
        mockOk(
          billEndpoints.roomBalances,
          room(params.id)?.balances ?? { currency: 'USD', members: [], transfers: [] },
        ),
      ),
    ),

    mockRoute(
      billEndpoints.exportCsv,
      signedIn(
        () =>
          new HttpResponse(DEMO_CSV, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="outing-demo.csv"',
            },
          }),
      ),
    ),

    // Everyone is told what they owe: here, nobody is told anything.
    mockRoute(
      billEndpoints.consolidate,
      signedIn(() => mockOk(billEndpoints.consolidate, [], 'Bill consolidated successfully')),
    ),

    mockRoute(
      billEndpoints.consolidation,
      signedIn(({ params }) =>
        mockOk(billEndpoints.consolidation, { isConsolidated: room(params.roomId)?.consolidated ?? false }),
      ),
    ),
  ];
}

/** Register in `src/mocks/handlers.ts` (before the rooms handlers). */
export const billsHandlers = createBillsHandlers();
