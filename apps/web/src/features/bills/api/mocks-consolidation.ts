import { http } from 'msw';
import { minorToAmount } from '@outing/ledger';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { mockTransaction, type TransactionsMockStore } from '../../transactions/api/mocks';
import { memberRoom, roomNotFound, type BillsStore } from './mocks-store';

/**
 * POST /v1/bills/consolidate and GET /v1/bills/consolidate/{roomId} (api-contract §7, §10.3). Consolidating closes
 * the open round and adds its transactions to `transactions`, the store the transactions handlers read.
 */
export function consolidationHandlers(store: BillsStore, transactions: TransactionsMockStore) {
  const { rooms, state, findRoom, personOf } = store;
  return [
    http.post(
      `${API_BASE}/bills/consolidate`,
      signedIn(async ({ request, claims }) => {
        const body = await readJson(request);
        const room = findRoom(typeof body.roomId === 'string' ? body.roomId : null);
        if (!room) return roomNotFound();
        if (room.hostId !== claims.user_id) {
          return fail(403, 'NOT_HOST', 'Only the host can consolidate the bills.');
        }
        const open = store.openBills(room.id);
        if (open.length === 0) {
          return store.isConsolidated(room.id)
            ? fail(409, 'CONFLICT', 'The bills of this room are already consolidated.')
            : fail(409, 'CONFLICT', 'There are no bills to consolidate.');
        }
        const { transfers, exponent, currency } = store.openRound(room.id);
        const consolidationId = state.takeConsolidationId();
        for (const b of open) b.consolidationId = consolidationId;
        state.rounds.unshift({
          id: consolidationId,
          roomId: room.id,
          createdAt: new Date().toISOString(),
          createdBy: claims.user_id,
          billIds: open.map((b) => b.id),
        });
        const created = transfers.map((t) =>
          mockTransaction({
            id: transactions.nextId++,
            consolidationId,
            room: { id: room.id, name: room.name },
            payer: personOf(t.from),
            payee: personOf(t.to),
            amount: minorToAmount(t.cents, exponent),
            createdMinutesAgo: 0,
            paidOn: null,
            currency,
          }),
        );
        transactions.transactions.push(...created);
        return ok(
          created.map(({ createdAt: _createdAt, ...t }) => t),
          'Bill consolidated successfully',
        );
      }),
    ),

    http.get<{ roomId: string }>(
      `${API_BASE}/bills/consolidate/:roomId`,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.roomId, claims.user_id);
        if (room instanceof Response) return room;
        return ok({ isConsolidated: store.isConsolidated(room.id) });
      }),
    ),
  ];
}
