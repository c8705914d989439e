import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people } = moneyHelpers(() => t);
const post = (u: TestUser, body: object) => as(t, u)('POST', '/v1/bills', { name: 'Dinner', ...body });
async function billCount(roomId: string) {
  const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM bills WHERE room_id = $1', [
    roomId,
  ]);
  return rows[0].n as number;
}

describe('POST /v1/bills with a split (docs/api/README.md#splitting)', () => {
  describe('bad input is a 400 with a message and changes nothing', () => {
    let ann: TestUser, ben: TestUser, cat: TestUser, outsider: TestUser;
    let roomId: string;
    beforeAll(async () => {
      [ann, ben, cat, outsider] = (await people(4)) as [TestUser, TestUser, TestUser, TestUser];
      roomId = (await roomOf([ann, ben, cat])).id;
    });
    const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
    const cases: [string, () => object, RegExp][] = [
      [
        'exact amounts not adding up',
        () => ({
          amount: 10,
          split: {
            mode: 'exact',
            amounts: [
              { userId: ann.id, amount: 4 },
              { userId: ben.id, amount: 5 },
            ],
          },
        }),
        /9\.00.*10\.00|10\.00.*9\.00/,
      ],
      [
        'exact amount with three decimals',
        () => ({ amount: 10, split: { mode: 'exact', amounts: [{ userId: ann.id, amount: 9.999 }] } }),
        /decimals/,
      ],
      [
        'percents not adding up to 100',
        () => ({
          amount: 10,
          split: {
            mode: 'percent',
            percents: [
              { userId: ann.id, percent: 60 },
              { userId: ben.id, percent: 30 },
            ],
          },
        }),
        /100/,
      ],
      [
        'a percent above 100',
        () => ({ amount: 10, split: { mode: 'percent', percents: [{ userId: ann.id, percent: 100.5 }] } }),
        /between 0 and 100/,
      ],
      [
        'a negative percent',
        () => ({ amount: 10, split: { mode: 'percent', percents: [{ userId: ann.id, percent: -1 }] } }),
        /between 0 and 100/,
      ],
      [
        'shares all zero',
        () => ({ amount: 10, split: { mode: 'shares', shares: [{ userId: ann.id, shares: 0 }] } }),
        /share/i,
      ],
      [
        'a duplicated user',
        () => ({ amount: 10, split: { mode: 'equal', userIds: [ann.id, ben.id, ann.id] } }),
        /only once|more than once|duplicate/i,
      ],
      [
        'a non-member',
        () => ({ amount: 10, split: { mode: 'equal', userIds: [ann.id, outsider.id] } }),
        /member/,
      ],
      [
        'an unknown user',
        () => ({ amount: 10, split: { mode: 'equal', userIds: [ann.id, 2_000_000_000] } }),
        /member/,
      ],
      [
        'a payer who is not a member',
        () => ({ amount: 10, paidBy: outsider.id, split: { mode: 'equal', userIds: [ann.id] } }),
        /member/,
      ],
      ['an empty item list', () => ({ split: { mode: 'items', items: [], charges: [] } }), /item/i],
      [
        'an item nobody shares',
        () => ({ split: { mode: 'items', items: [{ name: 'Tea', amount: 2, userIds: [] }], charges: [] } }),
        /person|people/i,
      ],
      [
        'more than 100 items',
        () => ({
          split: {
            mode: 'items',
            items: many(101, (i) => ({ name: `Item ${i}`, amount: 1, userIds: [ann.id] })),
            charges: [],
          },
        }),
        /100 items/,
      ],
      [
        'more than 50 participants',
        () => ({ amount: 100, split: { mode: 'equal', userIds: many(51, (i) => i + 1) } }),
        /50 people/,
      ],
      ['no amount without items', () => ({ split: { mode: 'equal', userIds: [ann.id] } }), /amount/],
      ['an unknown mode', () => ({ amount: 10, split: { mode: 'magic' } }), /mode/],
    ];
    it.each(cases)('%s', async (_, body, message) => {
      const before = await billCount(roomId);
      const res = await post(ann, { roomId, ...body() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 'VALIDATION' });
      expect(res.json().message).toMatch(message);
      expect(res.json().message).not.toMatch(/Invalid input|expected|received/);
      expect(await billCount(roomId)).toBe(before);
    });
  });
});
