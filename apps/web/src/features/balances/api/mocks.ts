import { http } from 'msw';
import type { OverallBalances, Transaction } from '@outing/contract';
import { API_BASE } from '../../../lib/api-client';
import { toAmount, toMinor } from '../../../lib/money';
import { mockDelay } from '../../../mocks/delay';
import { fail, ok } from '../../../mocks/envelope';
import { claimsOf } from '../../../mocks/token';
import { transactionsMockStore, type TransactionsMockStore } from '../../transactions/api/mocks';

// Mock mode for GET /balances (api-contract §10.5). The server also counts each room's open round as if it were
// settled now; the mock counts the unpaid transactions of the shared transactions store only, which is what its
// seed and its consolidations produce, so that Home's Balances card and its To Pay / To Receive lists agree.

type Person = OverallBalances['people'][number];

/** The caller's balances from unpaid transactions, in integer minor units (no float drift), as the server does. */
export function balancesFromTransactions(transactions: Transaction[], meId: number): OverallBalances {
  const people = new Map<string, { person: Person; minor: number; rooms: Map<string, [string, number]> }>();
  for (const t of transactions) {
    if (t.status !== 'unpaid' || (t.payerId !== meId && t.payeeId !== meId)) continue;
    const other = t.payerId === meId ? t.payee : t.payer;
    const minor = toMinor(t.amount, t.currency) * (t.payeeId === meId ? 1 : -1);
    const key = `${other.id}:${t.currency}`;
    const entry = people.get(key) ?? {
      person: { userId: other.id, user: other, currency: t.currency, net: 0, rooms: [] },
      minor: 0,
      rooms: new Map<string, [string, number]>(),
    };
    entry.minor += minor;
    const room = entry.rooms.get(t.roomId) ?? [t.roomName, 0];
    entry.rooms.set(t.roomId, [room[0], room[1] + minor]);
    people.set(key, entry);
  }
  const totals = new Map<string, { owe: number; owed: number }>();
  const list: Person[] = [];
  for (const { person, minor, rooms } of people.values()) {
    if (minor === 0) continue;
    const total = totals.get(person.currency) ?? { owe: 0, owed: 0 };
    if (minor > 0) total.owed += minor;
    else total.owe -= minor;
    totals.set(person.currency, total);
    list.push({
      ...person,
      net: toAmount(minor, person.currency),
      rooms: [...rooms]
        .filter(([, [, net]]) => net !== 0)
        .map(([roomId, [roomName, net]]) => ({ roomId, roomName, net: toAmount(net, person.currency) })),
    });
  }
  list.sort((a, b) => Math.abs(b.net) - Math.abs(a.net) || a.user.username.localeCompare(b.user.username));
  return {
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, { owe, owed }]) => ({
        currency,
        owe: toAmount(owe, currency),
        owed: toAmount(owed, currency),
      })),
    people: list,
  };
}

export function createBalancesHandlers(store: TransactionsMockStore = transactionsMockStore) {
  return [
    http.get(`${API_BASE}/balances`, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      return ok(balancesFromTransactions(store.transactions, claims.user_id));
    }),
  ];
}

export const balancesHandlers = createBalancesHandlers();

/** A test's fixed answer to GET /balances. */
export const balancesAnswer = (data: OverallBalances) => http.get(`${API_BASE}/balances`, () => ok(data));
