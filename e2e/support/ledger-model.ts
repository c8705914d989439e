import { expect, type APIRequestContext } from '@playwright/test';
import { settle, type SplitJson } from '@outing/ledger';
import type { Account } from './accounts.js';
import { auth } from './bills.js';

// The three-friends ledger spec's own account of the money (issue 33): the bills it enters and the payments it makes,
// kept apart from anything the app shows, so that a screen with a wrong number fails the spec.

export type Cur = 'SGD' | 'JPY';
/** Both rooms' currencies, in the order the spec checks them. */
export const CURS = ['SGD', 'JPY'] as const satisfies readonly Cur[];
const EXPONENT: Record<Cur, number> = { SGD: 2, JPY: 0 };
export const minor = (amount: number, cur: Cur) => Math.round(amount * 10 ** EXPONENT[cur]);
export const major = (units: number, cur: Cur) => (units / 10 ** EXPONENT[cur]).toFixed(EXPONENT[cur]);

export type Payment = { from: number; to: number; units: number };

/** The whole ledger as the test knows it: every live bill's shares and every payment, in minor units. */
export class Ledger {
  bills = new Map<string, { cur: Cur; payer: number; shares: Map<number, number> }>();
  payments: ({ cur: Cur } & Payment)[] = [];

  constructor(readonly people: number[]) {}

  bill(name: string, cur: Cur, payer: number, shares: [number, number][]) {
    this.bills.set(name, { cur, payer, shares: new Map(shares) });
  }

  pay(cur: Cur, from: number, to: number, units: number) {
    this.payments.push({ cur, from, to, units });
  }

  /** The payment leaves the ledger (disputed or undone). */
  unpay(cur: Cur, from: number, to: number, units: number) {
    const i = this.payments.findIndex(
      (p) => p.cur === cur && p.from === from && p.to === to && p.units === units,
    );
    expect(i, 'the payment to take back').toBeGreaterThanOrEqual(0);
    this.payments.splice(i, 1);
  }

  /** net = paid − owes + sent − received (docs/money.md); the nets of a currency add up to 0. */
  nets(cur: Cur): Map<number, number> {
    const net = new Map(this.people.map((id) => [id, 0]));
    const add = (id: number, units: number) => net.set(id, net.get(id)! + units);
    for (const b of this.bills.values()) {
      if (b.cur !== cur) continue;
      for (const [id, share] of b.shares) {
        add(b.payer, share);
        add(id, -share);
      }
    }
    for (const p of this.payments) {
      if (p.cur !== cur) continue;
      add(p.from, p.units);
      add(p.to, -p.units);
    }
    expect([...net.values()].reduce((a, b) => a + b, 0)).toBe(0);
    return net;
  }

  /**
   * The fewest transfers that clear this ledger's nets, by the ledger package's own rule (`settle`, the one the
   * server answers with). Only the rule is shared: the nets come from the bills and payments this test entered, so
   * the number each screen must show is still the test's, not the app's. (Among three people the fewest is at most
   * two, the largest debt to the largest credit first; the spec's last step checks the result in figures.)
   */
  transfers(cur: Cur): Payment[] {
    return settle(this.nets(cur)).transfers.map(({ from, to, minor }) => ({ from, to, units: minor }));
  }
}

/** `method /v1${url}` as `as`, its `data` or a thrown error naming the call. */
export async function api<T>(
  request: APIRequestContext,
  as: Account,
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/v1${url}`, { method, headers: auth(as), data });
  if (!res.ok()) throw new Error(`${method} ${url} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * Bill entry: `bill(by, room, cur, name, amount, split, shares)` adds the bill through the API, paid by `by`, and
 * writes it into `ledger` with the shares the test works out for it by hand (minor units, by user id).
 */
export function billEntry(request: APIRequestContext, ledger: Ledger) {
  return async (
    by: Account,
    room: { id: string },
    cur: Cur,
    name: string,
    amount: number,
    split: SplitJson,
    shares: [number, number][],
  ): Promise<number> => {
    const made = await api<{ id: number }>(request, by, 'POST', '/bills', {
      roomId: room.id,
      name,
      amount,
      paidBy: by.id,
      split,
    });
    ledger.bill(name, cur, by.id, shares);
    return made.id;
  };
}
