import { http } from 'msw';
import { AmountError, centsToAmount, parseAmount } from '@outing/ledger';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { alreadyConsolidated, badRequest, memberRoom, type BillsStore } from './mocks-store';

/** GET, POST /v1/bills and DELETE /v1/bills/{id} (api-contract §7). */
export function billHandlers({ people, rooms, state, toBill, findRoom }: BillsStore) {
  return [
    http.get(
      `${API_BASE}/bills`,
      signedIn(({ request, claims }) => {
        const room = memberRoom(rooms, new URL(request.url).searchParams.get('roomId'), claims.user_id);
        if (room instanceof Response) return room;
        return ok(
          state.bills
            .filter((b) => b.roomId === room.id)
            .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
            .map(toBill),
        );
      }),
    ),

    http.post(
      `${API_BASE}/bills`,
      signedIn(async ({ request, claims }) => {
        const body = await readJson(request);
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        if (name === '') return badRequest('name', 'Bill Name is required');
        if (name.length > 60) return badRequest('name', 'Bill Name must be at most 60 characters');
        if (typeof body.amount !== 'number') return badRequest('amount', 'amount is required');
        let cents: number;
        try {
          cents = parseAmount(body.amount);
        } catch (error) {
          if (error instanceof AmountError) return badRequest('amount', error.message);
          throw error;
        }
        const payers = Array.isArray(body.payers) ? [...new Set(body.payers.map(Number))] : [];
        if (payers.length === 0 || payers.some((p) => !Number.isInteger(p) || p <= 0)) {
          return badRequest('payers', 'Choose at least one payer');
        }
        if (payers.includes(claims.user_id)) {
          return badRequest('payers', 'You cannot be a payer of your own bill');
        }
        const room = memberRoom(rooms, typeof body.roomId === 'string' ? body.roomId : null, claims.user_id);
        if (room instanceof Response) return room;
        if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
        if (state.consolidated.has(room.id)) return alreadyConsolidated();
        if (payers.some((p) => !people.some((person) => person.id === p))) {
          return fail(404, 'NOT_FOUND', 'Room or user not found');
        }
        if (payers.some((p) => !room.members.includes(p))) {
          return badRequest('payers', 'Every payer must be a member of the room');
        }
        const bill = {
          id: state.nextBillId++,
          roomId: room.id,
          name,
          amount: centsToAmount(cents),
          ownerId: claims.user_id,
          payers,
          includeOwner: body.includeOwner !== false,
          addedMinutesAgo: 0,
          consolidationId: null,
          date: new Date().toISOString(),
        };
        state.bills = [...state.bills, bill];
        return ok(toBill(bill), 'Bill created');
      }),
    ),

    http.delete<{ id: string }>(
      `${API_BASE}/bills/:id`,
      signedIn(({ params, claims }) => {
        const bill = state.bills.find((b) => String(b.id) === params.id);
        const room = bill && findRoom(bill.roomId);
        if (!bill || !room || !room.members.includes(claims.user_id)) {
          return fail(404, 'NOT_FOUND', 'Bill not found.');
        }
        if (bill.ownerId !== claims.user_id && room.hostId !== claims.user_id) {
          return fail(403, 'FORBIDDEN', 'Only the bill’s owner or the host can delete it.');
        }
        if (state.consolidated.has(room.id)) return alreadyConsolidated();
        state.bills = state.bills.filter((b) => b !== bill);
        return ok(null, 'Bill deleted');
      }),
    ),
  ];
}
