import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@outing/contract';
import { createExportFixture, type ExportFixture } from '../../test/account-export.js';
import { expectedExportLists } from '../../test/account-export-expected.js';
import type { TestApp } from '../../test/app.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/**
 * The whole export of a user with data in every list, field by field and byte by byte: a change to how a list is
 * read (its query, its paging) must not change what the file says. Ids and timestamps differ per run, so they are
 * read from the database; every other value is written out here.
 *
 * The user with data in every list is made in test/account-export.ts; the lists the file should hold are read in
 * test/account-export-expected.ts.
 */

let fixture: ExportFixture;
let t: TestApp;
let me: TestUser, payee: TestUser, host: TestUser;
let raw: string;
let file: AccountExport;

beforeAll(async () => {
  fixture = await createExportFixture();
  ({ t, me, payee, host } = fixture);

  const res = await as(t, me)('GET', `/v1/users/${me.id}/export`);
  expect(res.statusCode, res.body).toBe(200);
  raw = res.body;
  accountExportSchema.strict().parse(JSON.parse(raw));
  // As written, not as the schema re-orders it.
  file = JSON.parse(raw) as AccountExport;
});
afterAll(() => t.close());

/** Every list of the export as the database says it should be. */
const expectedLists = () => expectedExportLists(fixture);

it('writes every list of a user with data in all of them, every field of every item, in order', async () => {
  const want = await expectedLists();

  // The camel ride's thirds: two of 3.333 and one of 3.335 or the like; they add up to the bill, in fils.
  const camel = file.bills[1]!.shares;
  expect(
    camel.map((s) => s.amount).every((a) => Number.isFinite(a) && Math.round(a * 1000) === a * 1000),
  ).toBe(true);
  expect(camel.reduce((sum, s) => sum + Math.round(s.amount * 1000), 0)).toBe(10_001);
  want.bills[1]!.shares.forEach((s, i) => (s.amount = camel[i]!.amount as never));

  // The debts: 10 USD from me to the payee of the pizza; in KWD the camel ride and the tea net out per person.
  const kwd = (u: TestUser) => camel.find((s) => s.userId === u.id)!.amount;
  for (const x of want.transactions) {
    if (x.currency === 'USD') {
      expect([x.payer.id, x.payee.id]).toEqual([me.id, payee.id]);
      x.amount = 10;
    } else {
      // me owes the host my half of the camel ride, less the 0.75 of tea the host owes me
      expect([x.payer.id, x.payee.id]).toEqual([me.id, host.id]);
      x.amount = Math.round((kwd(me) - 0.75) * 1000) / 1000;
    }
  }
  expect(want.transactions).toHaveLength(2);
  expect(want.transactions.some((x) => x.status === 'confirmed' && x.paidOn && x.confirmedOn)).toBe(true);
  expect(want.friendRequests.some((r) => r.respondedAt !== null)).toBe(true);
  expect(want.invites.some((r) => r.respondedAt !== null)).toBe(true);
  expect(want.notifications.some((n) => n.isRead) && want.notifications.some((n) => !n.isRead)).toBe(true);
  expect(want.bills.every((b) => b.consolidationId !== null)).toBe(true);

  const lists = Object.keys(want) as (keyof typeof want)[];
  for (const name of lists) {
    expect(file[name], name).toStrictEqual(want[name]);
    // Byte for byte: key order and number forms too.
    expect(JSON.stringify(file[name]), name).toBe(JSON.stringify(want[name]));
  }
  // The whole file, byte for byte: key order, number forms and escapes too. The head is not this test's subject.
  const { format, version, exportedAt, profile, preferences, inviteLink } = file;
  const { calendarFeed, ...inOrder } = want;
  expect(raw).toBe(
    JSON.stringify({
      format,
      version,
      exportedAt,
      profile,
      preferences,
      ...inOrder,
      calendarFeed,
      inviteLink,
    }),
  );
  expect(inviteLink?.url).toMatch(/^https:\/\/outing\.example\/signup\?invite=/);
});
