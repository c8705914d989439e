import { http } from 'msw';
import { createBillBody, editBillBody, type Bill, type SplitInput } from '@outing/contract';
import type { z } from 'zod';
import { API_BASE } from '../../../lib/api-client';
import { okPage } from '../../../mocks/cursor-page';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { seedSpec } from './mocks-seed';
import { badRequest, memberRoom, type BillsStore, type StoredBill } from './mocks-store';

/** The first issue of a zod failure as the server answers it (400, its path and message). */
function invalid(error: z.ZodError) {
  const issue = error.issues[0]!;
  return badRequest(issue.path.join('.'), issue.message);
}

/**
 * The bill as answered, its shares from the ledger package (the one implementation, as the server uses); the mock
 * checks nothing of the split itself (docs/principles.md, principle 7): what the package cannot split is a plain 400.
 */
function answerOf(toBill: BillsStore['toBill'], bill: StoredBill): Bill | Response {
  try {
    return toBill(bill);
  } catch (error) {
    return badRequest('split', error instanceof Error ? error.message : 'Invalid split');
  }
}

/** GET, POST /v1/bills, PATCH and DELETE /v1/bills/{id} (declared in packages/contract endpoints/bills.ts). */
export function billHandlers(store: BillsStore) {
  const { people, rooms, state, toBill, findRoom } = store;
  /** Deleted bills, which POST /bills/{id}/restore brings back (the server keeps them 30 days). */
  const deleted = new Map<number, StoredBill>();
  return [
    http.get(
      `${API_BASE}/bills`,
      signedIn(({ request, claims }) => {
        const query = new URL(request.url).searchParams;
        const room = memberRoom(rooms, query.get('roomId'), claims.user_id);
        if (room instanceof Response) return room;
        return okPage(
          state.bills
            .filter((b) => b.roomId === room.id)
            .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
            .map(toBill),
          request,
        );
      }),
    ),

    http.post(
      `${API_BASE}/bills`,
      signedIn(async ({ request, claims }) => {
        const parsed = createBillBody.safeParse(await readJson(request));
        if (!parsed.success) return invalid(parsed.error);
        const body = parsed.data;
        if (!body.split) {
          if (body.amount === undefined) return badRequest('amount', 'amount is required');
          const payers = [...new Set(body.payers ?? [])];
          if (payers.length === 0) return badRequest('payers', 'Choose at least one payer');
          if (payers.includes(body.paidBy ?? claims.user_id))
            return badRequest('payers', 'You cannot be a payer of your own bill');
        }
        const room = memberRoom(rooms, body.roomId, claims.user_id);
        if (room instanceof Response) return room;
        if (room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const unknown = [...(body.payers ?? []), body.paidBy ?? claims.user_id].some(
          (p) => !people.some((person) => person.id === p),
        );
        if (!body.split && unknown) return fail(404, 'NOT_FOUND', 'Room or user not found');
        const bill: StoredBill = {
          id: state.nextBillId,
          roomId: room.id,
          name: body.name,
          amount: body.amount ?? 0,
          ownerId: body.paidBy ?? claims.user_id,
          payers: body.split ? [] : [...new Set(body.payers ?? [])],
          includeOwner: body.includeOwner,
          ...(body.split ? { split: body.split as SplitInput } : {}),
          createdBy: claims.user_id,
          addedMinutesAgo: 0,
          date: new Date().toISOString(),
        };
        if (!body.split && bill.payers.some((p) => !room.members.includes(p))) {
          return badRequest('payers', 'Every payer must be a member of the room');
        }
        const answer = answerOf(toBill, bill);
        if (answer instanceof Response) return answer;
        state.nextBillId += 1;
        state.bills = [...state.bills, bill];
        return ok(answer, 'Bill created');
      }),
    ),

    http.patch<{ id: string }>(
      `${API_BASE}/bills/:id`,
      signedIn(async ({ request, params, claims }) => {
        const bill = state.bills.find((b) => String(b.id) === params.id);
        const room = bill && findRoom(bill.roomId);
        if (!bill || !room || !room.members.includes(claims.user_id))
          return fail(404, 'NOT_FOUND', 'Bill not found.');
        const mayChange = [bill.createdBy ?? bill.ownerId, bill.ownerId, room.hostId].includes(
          claims.user_id,
        );
        if (!mayChange)
          return fail(403, 'FORBIDDEN', 'Only the bill’s creator, its payer or the host can change it.');
        if (room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const parsed = editBillBody.safeParse(await readJson(request));
        if (!parsed.success) return invalid(parsed.error);
        const edit = parsed.data;
        const next: StoredBill = {
          ...bill,
          ...(edit.name !== undefined ? { name: edit.name } : {}),
          ...(edit.amount !== undefined ? { amount: edit.amount } : {}),
          ...(edit.paidBy !== undefined ? { ownerId: edit.paidBy } : {}),
          // A bill of the original client keeps its equal split among the same people unless a split is sent.
          split: (edit.split as SplitInput | undefined) ?? bill.split ?? seedSpecInput(bill),
          updatedAt: new Date().toISOString(),
        };
        if (next.split?.mode === 'items' && edit.amount === undefined) next.amount = 0;
        const answer = answerOf(toBill, next);
        if (answer instanceof Response) return answer;
        state.bills = state.bills.map((b) => (b === bill ? next : b));
        return ok(answer, 'Bill updated');
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
        const mayChange = [bill.createdBy ?? bill.ownerId, bill.ownerId, room.hostId].includes(
          claims.user_id,
        );
        if (!mayChange) {
          return fail(403, 'FORBIDDEN', 'Only the bill’s creator, its payer or the host can delete it.');
        }
        state.bills = state.bills.filter((b) => b !== bill);
        deleted.set(bill.id, bill);
        return ok(null, 'Bill deleted');
      }),
    ),

    http.post<{ id: string }>(
      `${API_BASE}/bills/:id/restore`,
      signedIn(({ params }) => {
        const bill = deleted.get(Number(params.id));
        if (!bill) return fail(409, 'CONFLICT', 'This bill is not deleted.');
        deleted.delete(bill.id);
        state.bills = [...state.bills, bill];
        return ok(toBill(bill), 'Bill restored');
      }),
    ),
  ];
}

/** The equal split of an original-client bill, as a request would send it. */
function seedSpecInput(bill: StoredBill): SplitInput {
  const spec = seedSpec(bill, 'USD');
  return spec.mode === 'equal' ? { mode: 'equal', userIds: spec.userIds } : (bill.split as SplitInput);
}
