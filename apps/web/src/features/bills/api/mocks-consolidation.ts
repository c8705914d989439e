import { http } from 'msw';
import { billDebts, centsToAmount, netBalances, parseAmount, settle } from '@outing/ledger';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { mockTransaction, type TransactionsMockStore } from '../../transactions/api/mocks';
import { alreadyConsolidated, memberRoom, roomNotFound, type BillsStore } from './mocks-store';

/**
 * POST /v1/bills/consolidate and GET /v1/bills/consolidate/{roomId} (api-contract §7). Consolidating adds the
 * transactions to `transactions`, the store the transactions handlers read.
 */
export function consolidationHandlers(
  { rooms, state, findRoom, personOf }: BillsStore,
  transactions: TransactionsMockStore,
) {
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
        if (state.consolidated.has(room.id)) return alreadyConsolidated();
        const roomBills = state.bills.filter((b) => b.roomId === room.id).sort((a, b) => a.id - b.id);
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
        const consolidationId = state.nextConsolidationId++;
        state.consolidated.add(room.id);
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
    ),

    http.get<{ roomId: string }>(
      `${API_BASE}/bills/consolidate/:roomId`,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.roomId, claims.user_id);
        if (room instanceof Response) return room;
        return ok({ isConsolidated: state.consolidated.has(room.id) });
      }),
    ),
  ];
}
