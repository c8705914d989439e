import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, messagesPageResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';
import { MessageNumbering, NUMBERING } from './numbering.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('chat messages', () => {
  it('pages newest first by default, oldest first with asc=true, and `before` pins older pages', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const send = as(t, host);
    for (let i = 1; i <= 45; i++)
      expect((await send('POST', `/v1/rooms/${room.id}/messages`, { content: `m${i}` })).statusCode).toBe(
        200,
      );
    const page = async (q: string) =>
      messagesPageResponse.parse((await send('GET', `/v1/rooms/${room.id}/messages?${q}`)).json()).data;

    const first = await page('page=1&asc=false');
    expect(first.messages.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${45 - i}`));
    expect(first).toMatchObject({ page: 1, pageCount: 3 });
    expect((await page('page=3')).messages.map((m) => m.content)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    // Past the last page: no message, and still the number of pages.
    expect(await page('page=4')).toMatchObject({ messages: [], page: 4, pageCount: 3 });
    expect((await page('page=1&asc=true&pageSize=3')).messages.map((m) => m.content)).toEqual([
      'm1',
      'm2',
      'm3',
    ]);

    const oldestShown = first.messages.at(-1)!.id;
    await send('POST', `/v1/rooms/${room.id}/messages`, { content: 'new one' });
    const older = await page(`before=${oldestShown}&pageSize=20`);
    expect(older.messages.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${25 - i}`));
    expect(older.pageCount).toBe(2);
    expect((await send('GET', `/v1/rooms/${room.id}/messages?pageSize=101`)).statusCode).toBe(400);
  });

  it('refuses empty or too long messages, non-members, and closed rooms', async () => {
    const host = await createUser(t);
    const outsider = await createUser(t);
    const { room } = await createRoom(t, host);
    for (const content of ['', '   \n ', 'x'.repeat(2001)]) {
      const res = await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('content: Invalid message');
    }
    expect(
      (await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'x'.repeat(2000) })).statusCode,
    ).toBe(200);
    expect(
      (await as(t, outsider)('POST', `/v1/rooms/${room.id}/messages`, { content: 'hi' })).statusCode,
    ).toBe(403);
    expect((await as(t, outsider)('GET', `/v1/rooms/${room.id}/messages`)).statusCode).toBe(403);
    expect(
      (await as(t, outsider)('GET', '/v1/rooms/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11/messages')).statusCode,
    ).toBe(404);
    await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    expect((await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'late' })).statusCode).toBe(
      409,
    );
    expect((await as(t, host)('GET', `/v1/rooms/${room.id}/messages`)).statusCode).toBe(200);
  });

  it('a sent message and the same message in the page are the stored row, field by field', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const sent = (await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: '  hello  ' })).json()
      .data;
    const { rows } = await t.database.pool.query<{ id: number; sent_at: Date }>(
      'SELECT id, sent_at FROM messages WHERE room_id = $1',
      [room.id],
    );
    const expected = {
      id: rows[0]!.id,
      roomId: room.id,
      senderId: host.id,
      sender: { id: host.id, username: host.username, displayName: '', pictureUrl: '' },
      content: 'hello',
      sentAt: rows[0]!.sent_at.toISOString(),
    };
    expect(sent).toEqual(expected);
    const page = messagesPageResponse.parse(
      (await as(t, host)('GET', `/v1/rooms/${room.id}/messages`)).json(),
    );
    expect(page.data.messages).toEqual([expected]);
  });

  it('stores text as text', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const content = '<img src=x onerror=alert(1)> & "quotes"';
    const res = await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content });
    expect(res.json().data.content).toBe(content);
  });
});

// Regression (contract fuzzer, issue #10): PostgreSQL text cannot hold U+0000; it was a 500.
describe('a NUL character in text (fuzzer regression)', () => {
  it('is a 400 envelope and stores nothing', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const res = await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('VALIDATION');
    const { rows } = await t.database.pool.query('SELECT 1 FROM messages WHERE room_id = $1', [room.id]);
    expect(rows).toEqual([]);
  });
});

describe('chat pages while the newest messages are not numbered yet (migration 0014)', () => {
  it('a page is the same whichever of the room’s messages are numbered', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const send = as(t, host);
    for (let i = 1; i <= 23; i++)
      expect((await send('POST', `/v1/rooms/${room.id}/messages`, { content: `m${i}` })).statusCode).toBe(
        200,
      );
    const { rows } = await t.database.pool.query<{ id: number; content: string }>(
      `SELECT id, content FROM messages WHERE room_id = $1 ORDER BY id`,
      [room.id],
    );
    const all = rows.map((r) => r.content);
    const idOf = (i: number) => rows[i]!.id;
    // What every page must be, from the room's messages in the order of their ids.
    type Query = { page: number; pageSize: number; asc?: boolean; before?: number };
    const expected = (q: Query) => {
      const newer = q.before === undefined ? -1 : rows.findIndex((r) => r.id >= q.before!);
      const older = newer < 0 ? all : all.slice(0, newer);
      const ordered = q.asc ? older : [...older].reverse();
      return {
        messages: ordered.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
        pageCount: Math.ceil(older.length / q.pageSize),
      };
    };
    const queries: Query[] = [
      ...[1, 2, 3, 4].map((page) => ({ page, pageSize: 7 })),
      ...[1, 2, 3, 4].map((page) => ({ page, pageSize: 7, asc: true })),
      { page: 1, pageSize: 100 },
      { page: 1, pageSize: 100, asc: true },
      ...[0, 5, 16, 20, 22].flatMap((i) => [
        { page: 1, pageSize: 4, before: idOf(i) },
        { page: 2, pageSize: 4, before: idOf(i) },
        { page: 1, pageSize: 3, asc: true, before: idOf(i) },
      ]),
      { page: 1, pageSize: 5, before: idOf(22) + 1000 },
    ];
    // The first `numbered` messages numbered 1..numbered, the rest left as a send leaves them.
    for (const numbered of [0, 1, 9, 20, 22, 23]) {
      await t.database.pool.query(
        `UPDATE messages SET seq = CASE WHEN n.k <= $2 THEN n.k END
         FROM (SELECT id, row_number() OVER (ORDER BY id)::int AS k FROM messages WHERE room_id = $1) n
         WHERE messages.id = n.id`,
        [room.id, numbered],
      );
      await t.database.pool.query(`UPDATE rooms SET message_count = $2 WHERE id = $1`, [room.id, numbered]);
      for (const q of queries) {
        const url =
          `/v1/rooms/${room.id}/messages?page=${q.page}&pageSize=${q.pageSize}&asc=${!!q.asc}` +
          (q.before === undefined ? '' : `&before=${q.before}`);
        const res = messagesPageResponse.parse((await send('GET', url)).json()).data;
        const want = expected(q);
        expect(
          { messages: res.messages.map((m) => m.content), pageCount: res.pageCount },
          `${numbered} ${url}`,
        ).toEqual(want);
      }
    }
  });

  it('numbers a room’s new messages in batches: after enough sends, or a while after the first', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const state = async () =>
      (
        await t.database.pool.query(
          `SELECT r.message_count AS numbered, count(m.id)::int AS sent FROM rooms r
           LEFT JOIN messages m ON m.room_id = r.id WHERE r.id = $1 GROUP BY r.message_count`,
          [room.id],
        )
      ).rows[0] as { numbered: number; sent: number };
    const until = async (numbered: number) => {
      for (let i = 0; i < 100 && (await state()).numbered < numbered; i++)
        await new Promise((r) => setTimeout(r, 20));
      return state();
    };
    // The app's own policy: a batch of NUMBERING.batch sends is numbered at once, fewer wait.
    for (let i = 1; i < NUMBERING.batch; i++)
      await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: `m${i}` });
    await new Promise((r) => setTimeout(r, 300));
    expect(await state()).toEqual({ numbered: 0, sent: NUMBERING.batch - 1 });
    await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'the last of the batch' });
    expect(await until(NUMBERING.batch)).toEqual({ numbered: NUMBERING.batch, sent: NUMBERING.batch });

    // A room that gets fewer is numbered once the delay has passed, and whatever waits when the app stops.
    const errors: unknown[] = [];
    const numbering = new MessageNumbering(t.app.deps.db, (err) => errors.push(err), {
      batch: 100,
      delayMs: 150,
    });
    await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'quiet' });
    numbering.sent(room.id);
    expect(await until(NUMBERING.batch + 1)).toEqual({
      numbered: NUMBERING.batch + 1,
      sent: NUMBERING.batch + 1,
    });
    await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'before the stop' });
    numbering.sent(room.id);
    await numbering.close();
    expect(await state()).toEqual({ numbered: NUMBERING.batch + 2, sent: NUMBERING.batch + 2 });
    numbering.sent(room.id); // after close: nothing planned
    expect(errors).toEqual([]);

    // Without a policy (the contract fuzzer's app) nothing is numbered in the background, even on stop.
    const off = new MessageNumbering(t.app.deps.db, (err) => errors.push(err), null);
    await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'unnumbered' });
    for (let i = 0; i < NUMBERING.batch; i++) off.sent(room.id);
    await off.close();
    expect(await state()).toEqual({ numbered: NUMBERING.batch + 2, sent: NUMBERING.batch + 3 });
  });
});
