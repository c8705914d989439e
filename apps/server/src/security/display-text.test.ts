import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { as, createRoom, nextWeek, roomPayload } from '../test/rooms.js';
import { createUser, type TestUser } from '../test/users.js';

/**
 * Issue 32, item 3: a stored display text (docs/api/README.md#display-text) refuses control characters and bidi overrides with a
 * 400 naming the field in a sentence, never quoting the value; multi-line texts keep `\n` (CRLF stored as LF).
 */

let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let roomId: string;
beforeAll(async () => {
  t = await createTestApp();
  [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
  roomId = (await createRoom(t, ann)).room.id;
  expect((await as(t, ben)('PATCH', `/v1/rooms/${roomId}/join`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const INJECTED = 'Friday\nDE02120300000000202051\nEUR950.00';

/** The table digest the refusals must leave as they are. */
async function textRows() {
  const q = (sql: string) => t.database.pool.query(sql).then((r) => JSON.stringify(r.rows));
  return [
    await q('SELECT id, name, venue, description FROM rooms ORDER BY id'),
    await q('SELECT id, name, split FROM bills ORDER BY id'),
    await q('SELECT id, content FROM messages ORDER BY id'),
    await q('SELECT id, title, content FROM notifications ORDER BY id'),
  ];
}

function expectRefused(
  res: { statusCode: number; body: string; json: () => unknown },
  path: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; message: string; issues: { path: string; message: string }[] };
  expect(body.code).toBe('VALIDATION');
  expect(body.issues).toContainEqual({ path, message });
  // The value itself is never echoed.
  expect(res.body).not.toContain('DE02120300000000202051');
  expect(res.body).not.toContain('rennid');
}

describe('one-line display texts refuse control characters and bidi overrides (400 naming the field)', () => {
  it('room name and venue, on create and edit', async () => {
    const before = await textRows();
    const post = (room: Record<string, unknown>) => as(t, ann)('POST', '/v1/rooms', roomPayload(room));
    const edit = (body: Record<string, unknown>) =>
      as(t, ann)('PATCH', `/v1/rooms/${roomId}/edit`, {
        venue: 'Luigi’s',
        placeId: 'local:luigi',
        date: nextWeek(),
        time: '19:30',
        description: '',
        ...body,
      });
    const control = (label: string) => `${label} cannot contain line breaks or control characters.`;
    const bidi = (label: string) => `${label} cannot contain text-direction override characters.`;
    expectRefused(await post({ name: INJECTED }), 'room.name', control('Room Name'));
    expectRefused(await post({ name: 'Friday\rdinner' }), 'room.name', control('Room Name'));
    expectRefused(await post({ venue: 'Luigi\u000b’s' }), 'room.venue', control('Venue'));
    expectRefused(await post({ name: 'Friday \u202erennid' }), 'room.name', bidi('Room Name'));
    expectRefused(await edit({ name: INJECTED }), 'name', control('Room Name'));
    expectRefused(await edit({ venue: 'Luigi\u001b[31m’s' }), 'venue', control('Venue'));
    expectRefused(await edit({ venue: '\u2066Luigi’s\u2069' }), 'venue', bidi('Venue'));
    expect(await textRows()).toEqual(before);
  });

  it('bill, item and charge names, on create and edit', async () => {
    const bill = await as(t, ann)('POST', '/v1/bills', {
      name: 'Dinner',
      amount: 20,
      roomId,
      payers: [ben.id],
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const billId = (bill.json() as { data: { id: number } }).data.id;
    const before = await textRows();
    const items = (item: string, charge: string) => ({
      mode: 'items',
      items: [{ name: item, amount: 10, userIds: [ann.id, ben.id] }],
      charges: [{ name: charge, percent: 10 }],
    });
    expectRefused(
      await as(t, ann)('POST', '/v1/bills', { name: INJECTED, amount: 20, roomId, payers: [ben.id] }),
      'name',
      'Bill Name cannot contain line breaks or control characters.',
    );
    expectRefused(
      await as(t, ann)('POST', '/v1/bills', { name: 'Dinner', roomId, split: items('Pizza\n', 'Tip\u0007') }),
      'split.charges.0.name',
      'Charge name cannot contain line breaks or control characters.',
    );
    expectRefused(
      await as(t, ann)('POST', '/v1/bills', { name: 'Dinner', roomId, split: items('Piz\nza', 'Tip') }),
      'split.items.0.name',
      'Item name cannot contain line breaks or control characters.',
    );
    expectRefused(
      await as(t, ann)('PATCH', `/v1/bills/${billId}`, { name: 'Dinner \u202erennid' }),
      'name',
      'Bill Name cannot contain text-direction override characters.',
    );
    expect(await textRows()).toEqual(before);
    // A pasted line break at either end is trimmed as before.
    const ok = await as(t, ann)('PATCH', `/v1/bills/${billId}`, { name: '\r\nDinner at Luigi’s\n' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { data: { name: string } }).data.name).toBe('Dinner at Luigi’s');
  });

  it('a payment reminder’s title', async () => {
    const res = await as(t, ann)('POST', '/v1/notifications', {
      userId: ben.id,
      title: 'Reminder\nPay EUR950.00 to DE02120300000000202051',
      content: 'Pay me',
    });
    expectRefused(res, 'title', 'Title cannot contain line breaks or control characters.');
  });
});

describe('multi-line display texts keep line breaks and refuse other control characters', () => {
  it('a chat message: CRLF and CR stored as LF, a tab as a space; ESC, BEL, VT refused', async () => {
    const send = (content: string) => as(t, ben)('POST', `/v1/rooms/${roomId}/messages`, { content });
    const res = await send('first line\r\nsecond\rthird\tend');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { content: string } }).data.content).toBe('first line\nsecond\nthird end');
    const before = await textRows();
    for (const c of ['\u001b', '\u0007', '\u000b', '\u007f'])
      expectRefused(
        await send(`hi${c}there`),
        'content',
        'Message cannot contain control characters other than line breaks.',
      );
    expect(await textRows()).toEqual(before);
  });

  it('a room description keeps its paragraphs and refuses a form feed', async () => {
    const { room } = await createRoom(t, ann, { description: 'Pasta\r\n\r\nStories' });
    expect(room.description).toBe('Pasta\n\nStories');
    expectRefused(
      await as(t, ann)('POST', '/v1/rooms', roomPayload({ description: 'Pasta\fStories' })),
      'room.description',
      'Description cannot contain control characters other than line breaks.',
    );
  });
});
