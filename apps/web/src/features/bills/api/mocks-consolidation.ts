import { billEndpoints } from '@outing/contract';
import { fail } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { mockOk, mockRoute } from '../../../mocks/route';
import type { TransactionsMockStore } from '../../transactions/api/mocks';
import { memberRoom, roomNotFound, type BillsStore } from './mocks-store';

/**
 * POST /v1/bills/consolidate and GET /v1/bills/consolidate/{roomId} (docs/money.md: "Tell everyone"), thin
 * (docs/principles.md, principle 7): a Settle up freezes nothing and computes nothing here; it answers the room's unpaid transactions as
 * they are in `transactions` (what the server answers: everyone is told what they owe now).
 */
export function consolidationHandlers(store: BillsStore, transactions: TransactionsMockStore) {
  const { rooms, findRoom } = store;
  return [
    mockRoute(
      billEndpoints.consolidate,
      signedIn(async ({ request, claims }) => {
        const body = await readJson(request);
        const room = findRoom(typeof body.roomId === 'string' ? body.roomId : null);
        if (!room) return roomNotFound();
        if (room.hostId !== claims.user_id) {
          return fail(403, 'NOT_HOST', 'Only the host can consolidate the bills.');
        }
        return mockOk(
          billEndpoints.consolidate,
          transactions.transactions
            .filter((t) => t.roomId === room.id && t.status === 'unpaid')
            .map(({ createdAt: _createdAt, ...t }) => t),
          'Bill consolidated successfully',
        );
      }),
    ),

    mockRoute(
      billEndpoints.consolidation,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.roomId, claims.user_id);
        if (room instanceof Response) return room;
        return mockOk(billEndpoints.consolidation, { isConsolidated: room.consolidated ?? false });
      }),
    ),
  ];
}
