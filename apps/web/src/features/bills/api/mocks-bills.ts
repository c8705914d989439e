import { http } from 'msw';
import { createBillBody, editBillBody, type SplitInput } from '@outing/contract';
import { AmountError, SplitError, currencyExponent, parseMinor } from '@outing/ledger';
import type { z } from 'zod';
import { API_BASE } from '../../../lib/api-client';
import { okPage } from '../../../mocks/cursor-page';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { seedSpec } from './mocks-seed';
import { specUserIds, splitOf } from './mocks-split';
import { badRequest, billConsolidated, memberRoom, type BillsStore, type StoredBill } from './mocks-store';

/** The first issue of a zod failure as the server answers it (400, its path and message). */
function invalid(error: z.ZodError) {
  const issue = error.issues[0]!;
  return badRequest(issue.path.join('.'), issue.message);
}

/**
 * Checks the bill's amount and split as the server does (ledger errors become 400 on their field) and that
 * everyone it names is a member; returns a Response on failure.
 */
function checkSplit(bill: StoredBill, currency: string, members: number[]): Response | null {
  try {
    const exponent = currencyExponent(currency);
    const spec = seedSpec(bill, currency);
    const totalMinor = spec.mode === 'items' ? undefined : parseMinor(bill.amount, exponent);
    const result = splitOf({ id: bill.id, totalMinor, spec, currency });
    if (spec.mode === 'items' && bill.amount > 0 && parseMinor(bill.amount, exponent) !== result.total) {
      return badRequest('amount', 'The amount does not match the items and charges');
    }
    if ([bill.ownerId, ...specUserIds(spec)].some((id) => !members.includes(id))) {
      return badRequest('split', 'Everyone in the split must be a member of the room');
    }
  } catch (error) {
    if (error instanceof SplitError) return badRequest(error.path, error.message);
    if (error instanceof AmountError) return badRequest('amount', error.message);
    throw error;
  }
  return null;
}

/** GET (with `ownerId`), POST /v1/bills, PATCH and DELETE /v1/bills/{id} (api-contract §7, §10.2). */
export function billHandlers(store: BillsStore) {
  const { people, rooms, state, toBill, findRoom } = store;
  return [
    http.get(
      `${API_BASE}/bills`,
      signedIn(({ request, claims }) => {
        const query = new URL(request.url).searchParams;
        // `ownerId`: only the bills that member paid (the split page's owner groups).
        const ownerText = query.get('ownerId');
        if (ownerText !== null && !/^[1-9]\d{0,9}$/.test(ownerText))
          return badRequest('ownerId', 'ownerId must be a user id');
        const room = memberRoom(rooms, query.get('roomId'), claims.user_id);
        if (room instanceof Response) return room;
        return okPage(
          state.bills
            .filter((b) => b.roomId === room.id && (ownerText === null || b.ownerId === Number(ownerText)))
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
        if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
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
          consolidationId: null,
          date: new Date().toISOString(),
        };
        if (!body.split && bill.payers.some((p) => !room.members.includes(p))) {
          return badRequest('payers', 'Every payer must be a member of the room');
        }
        const problem = checkSplit(bill, store.currencyOf(room.id), room.members);
        if (problem) return problem;
        state.nextBillId += 1;
        state.bills = [...state.bills, bill];
        return ok(toBill(bill), 'Bill created');
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
        if (bill.consolidationId !== null) return billConsolidated();
        if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
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
        const problem = checkSplit(next, store.currencyOf(room.id), room.members);
        if (problem) return problem;
        state.bills = state.bills.map((b) => (b === bill ? next : b));
        return ok(toBill(next), 'Bill updated');
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
        if (bill.consolidationId !== null) return billConsolidated();
        state.bills = state.bills.filter((b) => b !== bill);
        return ok(null, 'Bill deleted');
      }),
    ),
  ];
}

/** The equal split of an original-client bill, as a request would send it. */
function seedSpecInput(bill: StoredBill): SplitInput {
  const spec = seedSpec(bill, 'USD');
  return spec.mode === 'equal' ? { mode: 'equal', userIds: spec.userIds } : (bill.split as SplitInput);
}
