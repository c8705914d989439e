import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roomBalances, splitDebts, type RoundBill } from './balances.js';
import { computeSplit } from './modes.js';
import { settle } from './settle.js';
import { billDebts, netBalances, splitBill } from './split.js';

const m = <V>(entries: [number, V][]) => new Map(entries);
// Ann (1) paid dinner, 90.00 among the three; Bob (2) paid the taxi, 30.00 among the three.
const dinner: RoundBill = {
  billId: 1,
  ownerId: 1,
  shares: m([
    [1, 3000],
    [2, 3000],
    [3, 3000],
  ]),
};
const taxi: RoundBill = {
  billId: 2,
  ownerId: 2,
  shares: m([
    [1, 1000],
    [2, 1000],
    [3, 1000],
  ]),
};

describe('splitDebts', () => {
  it('is what each participant owes the payer, without the payer and without zero shares', () => {
    expect(
      splitDebts(
        1,
        m([
          [1, 5],
          [2, 0],
          [3, 7],
        ]),
      ),
    ).toEqual([{ from: 3, to: 1, cents: 7 }]);
  });

  it('gives billDebts for equally split shares (property)', () => {
    const bill = fc.record({
      billId: fc.integer({ min: 0, max: 1e6 }),
      totalCents: fc.integer({ min: 1, max: 1e8 }),
      ownerId: fc.integer({ min: 1, max: 20 }),
      payerIds: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 10 }),
      includeOwner: fc.boolean(),
    });
    fc.assert(
      fc.property(bill, (b) => {
        fc.pre(b.includeOwner || b.payerIds.some((p) => p !== b.ownerId));
        expect(splitDebts(b.ownerId, splitBill(b))).toEqual(billDebts(b));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('roomBalances', () => {
  it('paid, owes and net per member', () => {
    expect(roomBalances([dinner, taxi]).members).toEqual(
      m([
        [1, { paid: 9000, owes: 4000, net: 5000 }],
        [2, { paid: 3000, owes: 4000, net: -1000 }],
        [3, { paid: 0, owes: 4000, net: -4000 }],
      ]),
    );
    expect(roomBalances([]).members.size).toBe(0);
  });
});

/** A round of bills in equal and shares modes among up to 10 people (settle is exact up to 20). */
const round = fc.array(
  fc.record({
    ownerId: fc.integer({ min: 1, max: 10 }),
    total: fc.integer({ min: 1, max: 500_000 }),
    userIds: fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 10 }),
    weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 10, maxLength: 10 }),
  }),
  { minLength: 1, maxLength: 15 },
);
type BillSpec = { ownerId: number; total: number; userIds: number[]; weights: number[] };
const toBills = (specs: BillSpec[]) =>
  specs.map((s, i): RoundBill => {
    const weighted = s.userIds.some((_, j) => s.weights[j]! > 0) && i % 2 === 1;
    const split = weighted
      ? { mode: 'shares' as const, shares: s.userIds.map((userId, j) => ({ userId, shares: s.weights[j]! })) }
      : { mode: 'equal' as const, userIds: s.userIds };
    return {
      billId: i + 1,
      ownerId: s.ownerId,
      shares: computeSplit({ billId: i + 1, total: s.total, exponent: 2, split }).shares,
    };
  });

describe('roomBalances (properties)', () => {
  it('nets add up to 0 and equal the debts’ net balances', () => {
    fc.assert(
      fc.property(round, (specs) => {
        const bills = toBills(specs);
        const { members } = roomBalances(bills);
        const nets = [...members.values()].map((b) => b.net);
        expect(nets.reduce((a, n) => a + n, 0)).toBe(0);
        const debtNets = netBalances(bills.flatMap((b) => splitDebts(b.ownerId, b.shares)));
        for (const [id, b] of members) {
          expect(b.net).toBe(debtNets.get(id) ?? 0);
          expect(b.paid - b.owes).toBe(b.net);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('settles the round by its nets: Cy pays Ann the taxi share he owes Bob', () => {
    const { members } = roomBalances([dinner, taxi]);
    const { transfers } = settle(new Map([...members].map(([id, b]) => [id, b.net])));
    expect(transfers).toEqual([
      { from: 2, to: 1, cents: 1000 },
      { from: 3, to: 1, cents: 4000 },
    ]);
  });
});
