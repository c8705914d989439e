import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyExponent, settle } from '@outing/ledger';
import { balancesResponse, overallBalancesResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ledgerNets, minorOf, roomBuilder, scenario, type Model } from '../../test/balances-model.js';
import { as } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';

/**
 * `GET /balances` and `GET /rooms/{id}/balances` sum the database in SQL (overall-balances.ts, ledger.ts
 * `ledgerSums`) instead of computing each room's nets with the ledger: at a million users, `GET /balances` for a user
 * in 300 rooms must answer in 20 ms (docs/performance.md, "money" and "scale"), and reading every bill's shares of
 * every room would not. So this file proves the SQL equal to the ledger's definition, `roomBalances` (then `settle`),
 * to the unit for every member, on generated rooms built through the API in the real test database: bills of every
 * split mode, edited and deleted; payments recorded by either side, confirmed, disputed or undone; debts settled
 * or received in cash; rooms in currencies of exponent 0, 2 and 3, several of them sharing people and a currency.
 * The expected numbers come from the ledger alone (`computeSplit` of the split that was sent, with the bill's id).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The generated rooms and their model: test/balances-model.ts. */
const buildRoom = roomBuilder(() => t);

describe('GET /balances and GET /rooms/{id}/balances equal the ledger (property, real database)', () => {
  it('every member’s nets, per room, person and currency, to the unit', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (rooms) => {
        const people = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
        const models: Model[] = [];
        for (const shape of rooms) models.push(await buildRoom(people, shape));

        // Expected from the ledger: each room's nets (roomBalances), its transfers (settle), and from those what
        // each person is owed by (> 0) or owes (< 0) each other person, per currency and room.
        type Pair = { net: number; rooms: Map<string, number> };
        const expected = new Map<number, Map<string, Pair>>(people.map((p) => [p.id, new Map()]));
        for (const m of models) {
          const nets = ledgerNets(m);
          // GET /rooms/{id}/balances: every member's sums and net.
          const res = await as(
            t,
            people.find((p) => p.id === m.members[0])!,
          )('GET', `/v1/rooms/${m.roomId}/balances`);
          const room = balancesResponse.parse(res.json()).data;
          for (const id of m.members) {
            const got = room.members.find((x) => x.userId === id)!;
            const want = nets.get(id) ?? { paid: 0, owes: 0, sent: 0, received: 0, net: 0 };
            expect(
              [got.paid, got.owes, got.sent, got.received, got.net].map((v) => minorOf(v ?? 0, m.exponent)),
              `room ${m.roomId}, member ${id}`,
            ).toEqual([want.paid, want.owes, want.sent, want.received, want.net]);
          }
          const transfers = settle(new Map([...nets].map(([id, b]) => [id, b.net]))).transfers;
          for (const x of transfers)
            for (const [me, other, sign] of [
              [x.to, x.from, 1],
              [x.from, x.to, -1],
            ] as const) {
              const key = `${other}|${m.currency}`;
              const pairs = expected.get(me)!;
              const pair = pairs.get(key) ?? { net: 0, rooms: new Map<string, number>() };
              pair.net += sign * x.minor;
              pair.rooms.set(m.roomId, (pair.rooms.get(m.roomId) ?? 0) + sign * x.minor);
              pairs.set(key, pair);
            }
        }

        for (const me of people) {
          const res = await as(t, me)('GET', '/v1/balances');
          expect(res.statusCode).toBe(200);
          const overall = overallBalancesResponse.parse(res.json()).data;
          const exp = (currency: string) => currencyExponent(currency);
          const got = new Map(
            overall.people.map((p) => [
              `${p.userId}|${p.currency}`,
              {
                net: minorOf(p.net, exp(p.currency)),
                rooms: new Map(p.rooms.map((r) => [r.roomId, minorOf(r.net, exp(p.currency))])),
              },
            ]),
          );
          const want = new Map(
            [...expected.get(me.id)!]
              .map(
                ([key, p]) =>
                  [key, { net: p.net, rooms: new Map([...p.rooms].filter(([, n]) => n !== 0)) }] as const,
              )
              .filter(([, p]) => p.net !== 0 || p.rooms.size > 0),
          );
          expect(got, `GET /balances of user ${me.id}`).toEqual(want);

          // The brief's statement itself: in every room, what the caller's unpaid transactions add up to is the
          // caller's net in the ledger.
          for (const m of models) {
            if (!m.members.includes(me.id)) continue;
            const sum = overall.people
              .flatMap((p) => p.rooms.filter((r) => r.roomId === m.roomId))
              .reduce((s, r) => s + minorOf(r.net, m.exponent), 0);
            expect(sum, `user ${me.id} in room ${m.roomId}`).toBe(ledgerNets(m).get(me.id)?.net ?? 0);
          }

          // Totals per currency: owe/owed sum the people's nets, toPay/toReceive the rooms' transfers.
          const totals = new Map<string, number[]>();
          for (const [key, p] of want) {
            const currency = key.split('|')[1]!;
            const row = totals.get(currency) ?? [0, 0, 0, 0];
            if (p.net < 0) row[0]! -= p.net;
            else row[1]! += p.net;
            for (const n of p.rooms.values()) {
              if (n < 0) row[2]! -= n;
              else row[3]! += n;
            }
            totals.set(currency, row);
          }
          expect(
            new Map(
              overall.totals.map((x) => [
                x.currency,
                [x.owe, x.owed, x.toPay, x.toReceive].map((v) => minorOf(v, exp(x.currency))),
              ]),
            ),
          ).toEqual(totals);
        }
      }),
      { numRuns: 15 },
    );
  }, 600_000);
});
