import { expect } from 'vitest';
import fc from 'fast-check';
import {
  computeSplit,
  currencyExponent,
  roomBalances,
  specToJson,
  type LedgerPayment,
  type SplitSpec,
} from '@outing/ledger';
import { billResponse, transactionResponse } from '@outing/contract';
import type { TestApp } from './app.js';
import { ledgerOf } from './ledger.js';
import { as, createRoom } from './rooms.js';
import type { TestUser } from './users.js';

/**
 * The generated rooms of features/bills/overall-balances.test.ts: their shapes (fast-check), each built through the
 * API while a model keeps its live bills and payments, and the ledger's nets of that model.
 */

/** Members are referred to by index into the room's members, bills by index into the room's live bills (mod). */
type Pick = number;
const weights = (min: number, max: number) =>
  fc.array(fc.integer({ min, max }), { minLength: 4, maxLength: 4 });
const billShape = fc.record({
  owner: fc.nat(),
  mode: fc.constantFrom('equal', 'exact', 'shares', 'percent', 'items'),
  total: fc.integer({ min: 1, max: 20_000 }),
  picks: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  weights: weights(0, 3_000),
  items: fc.array(fc.record({ minor: fc.integer({ min: 1, max: 5_000 }), picks: fc.nat() }), {
    minLength: 1,
    maxLength: 3,
  }),
  charges: fc.array(fc.integer({ min: 0, max: 2_000 }), { maxLength: 2 }),
});
type BillShape = typeof billShape extends fc.Arbitrary<infer T> ? T : never;
const op = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('bill' as const), bill: billShape }), weight: 5 },
  {
    arbitrary: fc.record({ type: fc.constant('edit' as const), which: fc.nat(), bill: billShape }),
    weight: 1,
  },
  { arbitrary: fc.record({ type: fc.constant('delete' as const), which: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constant('pay' as const),
      from: fc.nat(),
      to: fc.nat(),
      minor: fc.integer({ min: 1, max: 8_000 }),
      by: fc.constantFrom('payer', 'payee'),
      then: fc.constantFrom('none', 'confirm', 'dispute', 'undo'),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('settle' as const),
      which: fc.nat(),
      then: fc.constantFrom('none', 'confirm', 'dispute'),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ type: fc.constant('received' as const), which: fc.nat() }), weight: 1 },
);
const roomShape = fc.record({
  currency: fc.constantFrom('SGD', 'JPY', 'KWD'),
  host: fc.nat({ max: 3 }),
  // Who else joins (at least one other person).
  others: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  ops: fc.array(op, { minLength: 1, maxLength: 8 }),
});
export const scenario = fc.array(roomShape, { minLength: 1, maxLength: 3 });
type RoomShape = typeof roomShape extends fc.Arbitrary<infer T> ? T : never;

/** The ledger's integers of a generated bill among `members` (user ids, ascending). */
function specOf(shape: BillShape, members: number[], exponent: number): { split: SplitSpec; total: number } {
  const chosen = members.filter((_, i) => shape.picks[i]);
  const among = chosen.length > 0 ? chosen : members;
  const w = (i: number) => shape.weights[i % 4]!;
  switch (shape.mode) {
    case 'equal':
      return { split: { mode: 'equal', userIds: among }, total: shape.total };
    case 'exact': {
      const amounts = among.map((userId, i) => ({ userId, minor: w(i) }));
      if (amounts.every((a) => a.minor === 0)) amounts[0]!.minor = shape.total;
      return { split: { mode: 'exact', amounts }, total: amounts.reduce((s, a) => s + a.minor, 0) };
    }
    case 'shares': {
      const shares = among.map((userId, i) => ({ userId, shares: w(i) % 7 }));
      if (shares.every((s) => s.shares === 0)) shares[0]!.shares = 1;
      return { split: { mode: 'shares', shares }, total: shape.total };
    }
    case 'percent': {
      // Basis points adding up to exactly 10000: the weights' proportions, the rest to the first person.
      const sum = among.reduce((s, _, i) => s + w(i), 0) || 1;
      const percents = among.map((userId, i) => ({ userId, basisPoints: Math.floor((w(i) * 10_000) / sum) }));
      percents[0]!.basisPoints += 10_000 - percents.reduce((s, p) => s + p.basisPoints, 0);
      return { split: { mode: 'percent', percents }, total: shape.total };
    }
    case 'items': {
      const items = shape.items.map((item, i) => {
        const people = members.filter((_, j) => (item.picks >> j) & 1);
        return { name: `Item ${i + 1}`, minor: item.minor, userIds: people.length > 0 ? people : among };
      });
      const charges = shape.charges.map((basisPoints, i) => ({ name: `Charge ${i + 1}`, basisPoints }));
      const split: SplitSpec = { mode: 'items', items, charges };
      return { split, total: computeSplit({ billId: 0, exponent, split }).total };
    }
  }
}

export type Model = {
  roomId: string;
  currency: string;
  exponent: number;
  members: number[];
  bills: Map<number, { ownerId: number; split: SplitSpec; total: number }>;
  payments: Map<number, LedgerPayment>;
};

export const minorOf = (amount: number, exponent: number) => Math.round(amount * 10 ** exponent);
const majorOf = (minor: number, exponent: number) => minor / 10 ** exponent;

/** Builds generated rooms through the API on one test app (`buildRoom`), keeping the model of each one's ledger. */
export function roomBuilder(app: () => TestApp) {
  /** Builds one generated room through the API, keeping the model of its ledger: live bills and payments. */
  async function buildRoom(people: TestUser[], shape: RoomShape) {
    const t = app();
    const host = people[shape.host]!;
    const { room } = await createRoom(t, host, { currency: shape.currency });
    let joined = people.filter((p, i) => p !== host && shape.others[i]);
    if (joined.length === 0) joined = [people[(shape.host + 1) % people.length]!];
    for (const p of joined)
      expect((await as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    const members = [host, ...joined].map((p) => p.id).sort((a, b) => a - b);
    const userOf = (id: number) => people.find((p) => p.id === id)!;
    const exponent = currencyExponent(shape.currency);
    const model: Model = {
      roomId: room.id,
      currency: shape.currency,
      exponent,
      members,
      bills: new Map(),
      payments: new Map(),
    };
    const member = (i: Pick) => members[i % members.length]!;
    const nth = <K, V>(map: Map<K, V>, i: number) => [...map][i % map.size];

    for (const o of shape.ops) {
      if (o.type === 'bill' || o.type === 'edit') {
        const { split, total } = specOf(o.bill, members, exponent);
        const body = { amount: majorOf(total, exponent), split: specToJson(split, exponent) };
        if (o.type === 'bill') {
          const ownerId = member(o.bill.owner);
          const res = await as(t, userOf(ownerId))('POST', '/v1/bills', {
            name: 'Bill',
            roomId: room.id,
            ...body,
          });
          expect(res.statusCode, res.body).toBe(200);
          model.bills.set(billResponse.parse(res.json()).data.id, { ownerId, split, total });
        } else if (model.bills.size > 0) {
          const [id, bill] = nth(model.bills, o.which)!;
          const res = await as(t, userOf(bill.ownerId))('PATCH', `/v1/bills/${id}`, body);
          expect(res.statusCode, res.body).toBe(200);
          model.bills.set(id, { ...bill, split, total });
        }
      } else if (o.type === 'delete') {
        if (model.bills.size === 0) continue;
        const [id, bill] = nth(model.bills, o.which)!;
        expect((await as(t, userOf(bill.ownerId))('DELETE', `/v1/bills/${id}`)).statusCode).toBe(200);
        model.bills.delete(id);
      } else if (o.type === 'pay') {
        const [payerId, payeeId] = [member(o.from), member(o.to)];
        if (payerId === payeeId) continue;
        const payment = { roomId: room.id, payerId, payeeId, amount: majorOf(o.minor, exponent) };
        const by = userOf(o.by === 'payer' ? payerId : payeeId);
        const res = await as(t, by)('POST', '/v1/transactions', payment);
        expect(res.statusCode, res.body).toBe(200);
        const { id } = transactionResponse.parse(res.json()).data;
        model.payments.set(id, { payerId, payeeId, minor: o.minor });
        // A payment the payee recorded is confirmed already: no step after it.
        if (o.by === 'payee' || o.then === 'none') continue;
        const step = await as(t, userOf(o.then === 'undo' ? payerId : payeeId))(
          'PATCH',
          `/v1/transactions/${id}/${o.then}`,
        );
        expect(step.statusCode, step.body).toBe(200);
        if (o.then !== 'confirm') model.payments.delete(id);
      } else {
        // A debt the ledger says now (one of the room's unpaid transactions), paid by its payer or received in cash.
        const { unpaid } = await ledgerOf(t, room.id);
        if (unpaid.length === 0) continue;
        const debt = unpaid[o.which % unpaid.length]!;
        const res =
          o.type === 'settle'
            ? await as(t, userOf(debt.from))('PATCH', `/v1/transactions/${debt.id}/settle`)
            : await as(t, userOf(debt.to))('PATCH', `/v1/transactions/${debt.id}/confirm`);
        expect(res.statusCode, res.body).toBe(200);
        const paid = transactionResponse.parse(res.json()).data;
        model.payments.set(debt.id, {
          payerId: debt.from,
          payeeId: debt.to,
          minor: minorOf(paid.amount, exponent),
        });
        if (o.type === 'settle' && o.then !== 'none') {
          const step = await as(t, userOf(debt.to))('PATCH', `/v1/transactions/${debt.id}/${o.then}`);
          expect(step.statusCode, step.body).toBe(200);
          if (o.then === 'dispute') model.payments.delete(debt.id);
        }
      }
    }
    return model;
  }
  return buildRoom;
}

/** The room's ledger as the ledger computes it from the bills and payments the model kept. */
export function ledgerNets(m: Model) {
  const bills = [...m.bills].map(([billId, b]) => ({
    billId,
    ownerId: b.ownerId,
    shares: computeSplit({ billId, total: b.total, exponent: m.exponent, split: b.split }).shares,
  }));
  return roomBalances(bills, [...m.payments.values()]).members;
}
