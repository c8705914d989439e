import { http, type PathParams } from 'msw';
import type { Bill } from '@outing/contract';
import { SplitError, computeSplit, type SplitSpec } from '@outing/ledger';
import { API_BASE } from '../../../lib/api-client';
import { currencyDigits, toAmount, toMinor } from '../../../lib/money';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';
import { alreadyConsolidated, badRequest, memberRoom, type BillsStore } from './mocks-store';

// POST /v1/bills with a `split` and PATCH /v1/bills/{id} (api-contract §10.2), computed by the ledger as the
// server does. A POST without `split` (the original client's body) falls through to mocks-bills.ts.

const CURRENCY = 'USD';
type Json = Record<string, unknown>;
type StoredBill = BillsStore['state']['bills'][number];

const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
const minor = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? toMinor(v, CURRENCY) : NaN);
const bp = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : NaN);
const list = (v: unknown) => (Array.isArray(v) ? (v as Json[]) : []);

/** The contract's split (major units, percents) as the ledger's (minor units, basis points). */
function toSpec(split: Json): SplitSpec {
  switch (split.mode) {
    case 'equal':
      return { mode: 'equal', userIds: list(split.userIds) as unknown as number[] };
    case 'exact':
      return {
        mode: 'exact',
        amounts: list(split.amounts).map((a) => ({ userId: num(a.userId), minor: minor(a.amount) })),
      };
    case 'shares':
      return {
        mode: 'shares',
        shares: list(split.shares).map((s) => ({ userId: num(s.userId), shares: num(s.shares) })),
      };
    case 'percent':
      return {
        mode: 'percent',
        percents: list(split.percents).map((p) => ({ userId: num(p.userId), basisPoints: bp(p.percent) })),
      };
    case 'items':
      return {
        mode: 'items',
        items: list(split.items).map((i) => ({
          name: String(i.name ?? ''),
          minor: minor(i.amount),
          userIds: list(i.userIds) as unknown as number[],
        })),
        charges: list(split.charges).map((c) => ({ name: String(c.name ?? ''), basisPoints: bp(c.percent) })),
      };
    default:
      throw new SplitError('split.mode', 'Split mode must be equal, exact, shares, percent or items');
  }
}

/** The bill's new split, amount, payer and shares; a Response when the input is refused. */
function computeBill(store: BillsStore, bill: Omit<StoredBill, 'splitAnswer'>, split: Json, amount: unknown) {
  try {
    const spec = toSpec(split);
    const room = store.findRoom(bill.roomId)!;
    const everyone = spec.mode === 'items' ? spec.items.flatMap((i) => i.userIds) : [];
    const ids =
      spec.mode === 'equal'
        ? spec.userIds
        : spec.mode === 'exact'
          ? spec.amounts.map((a) => a.userId)
          : spec.mode === 'shares'
            ? spec.shares.map((s) => s.userId)
            : spec.mode === 'percent'
              ? spec.percents.map((p) => p.userId)
              : everyone;
    if (ids.some((id) => !room.members.includes(id)))
      return badRequest('split', 'Everyone in a split must be a member of the room');
    const total = amount === undefined ? undefined : minor(amount);
    const result = computeSplit({ billId: bill.id, exponent: currencyDigits(CURRENCY), split: spec, total });
    const shares = [...result.shares].map(([userId, m]) => ({ userId, amount: toAmount(m, CURRENCY) }));
    const answered = (
      split.mode === 'items'
        ? {
            ...split,
            charges: list(split.charges).map((c, i) => ({
              ...c,
              amount: toAmount(result.charges![i]!.minor, CURRENCY),
            })),
          }
        : split
    ) as Bill['split'];
    return {
      ...bill,
      amount: toAmount(result.total, CURRENCY),
      payers: shares.filter((s) => s.amount > 0 && s.userId !== bill.ownerId).map((s) => s.userId),
      includeOwner: shares.some((s) => s.userId === bill.ownerId && s.amount > 0),
      splitAnswer: { shares, split: answered },
    };
  } catch (error) {
    if (error instanceof SplitError) return badRequest(error.path, error.message);
    throw error;
  }
}

function checkName(name: unknown): Response | null {
  const n = typeof name === 'string' ? name.trim() : '';
  if (n === '') return badRequest('name', 'Bill Name is required');
  if (n.length > 60) return badRequest('name', 'Bill Name must be at most 60 characters');
  return null;
}

/** Lets a POST without `split` through to the original handler (msw tries the next one on undefined). */
const withSplit =
  <P extends PathParams>(answer: Parameters<typeof signedIn<P>>[0]) =>
  async (info: { request: Request; params: P }) => {
    const body = await readJson(info.request.clone());
    if (body.split === undefined) return undefined;
    return signedIn(answer)(info);
  };

export function billSplitHandlers(store: BillsStore) {
  const { state, toBill, rooms, findRoom } = store;
  return [
    http.post(
      `${API_BASE}/bills`,
      withSplit(async ({ request, claims }) => {
        const body = await readJson(request);
        const bad = checkName(body.name);
        if (bad) return bad;
        const room = memberRoom(rooms, typeof body.roomId === 'string' ? body.roomId : null, claims.user_id);
        if (room instanceof Response) return room;
        if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
        const paidBy = body.paidBy === undefined ? claims.user_id : Number(body.paidBy);
        if (!room.members.includes(paidBy))
          return badRequest('paidBy', 'Who paid must be a member of the room');
        const draft = {
          id: state.nextBillId,
          roomId: room.id,
          name: String(body.name).trim(),
          amount: 0,
          ownerId: paidBy,
          createdBy: claims.user_id,
          payers: [],
          includeOwner: true,
          addedMinutesAgo: 0,
          consolidationId: null,
          date: new Date().toISOString(),
        };
        const bill = computeBill(store, draft, body.split as Json, body.amount);
        if (bill instanceof Response) return bill;
        state.nextBillId++;
        state.bills = [...state.bills, bill];
        return ok(toBill(bill), 'Bill created');
      }),
    ),

    http.patch<{ id: string }>(
      `${API_BASE}/bills/:id`,
      signedIn<{ id: string }>(async ({ request, params, claims }) => {
        const body = await readJson(request);
        const old = state.bills.find((b) => String(b.id) === params.id);
        const room = old && findRoom(old.roomId);
        if (!old || !room || !room.members.includes(claims.user_id))
          return fail(404, 'NOT_FOUND', 'Bill not found.');
        if (![old.createdBy ?? old.ownerId, old.ownerId, room.hostId].includes(claims.user_id))
          return fail(403, 'FORBIDDEN', 'Only the bill’s creator, its payer or the host can change it.');
        if (old.consolidationId !== null) return alreadyConsolidated();
        if (body.name !== undefined && checkName(body.name)) return checkName(body.name)!;
        const paidBy = body.paidBy === undefined ? old.ownerId : Number(body.paidBy);
        if (!room.members.includes(paidBy))
          return badRequest('paidBy', 'Who paid must be a member of the room');
        const current = toBill(old);
        const split = (body.split ?? current.split) as Json;
        const amount = body.amount ?? (split.mode === 'items' ? undefined : current.amount);
        const next = computeBill(
          store,
          { ...old, ownerId: paidBy, name: typeof body.name === 'string' ? body.name.trim() : old.name },
          split,
          amount,
        );
        if (next instanceof Response) return next;
        state.bills = state.bills.map((b) => (b === old ? next : b));
        return ok(toBill(next), 'Bill updated');
      }),
    ),
  ];
}
