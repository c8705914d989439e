import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, messageResponse, messagesPageResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { connect, settle } from '../../test/sockets.js';

/** Issue #21: a message sent with a client id is stored and broadcast once, however often it is retried. */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const rowsOf = async (roomId: string) =>
  (
    await t.database.pool.query<{ id: number; client_id: string | null }>(
      'SELECT id, client_id FROM messages WHERE room_id = $1 ORDER BY id',
      [roomId],
    )
  ).rows;

describe('POST /rooms/{id}/messages with a clientId', () => {
  it('20 concurrent sends with one clientId: one message, one frame, every answer the same message', async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const watcher = connect(base, ann.token);
    await watcher.opened;
    await settle();
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'Hello once', clientId }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const messages = answers.map((a) => messageResponse.parse(a.json()).data);
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    expect(messages[0]).toMatchObject({ content: 'Hello once', clientId, senderId: host.id });
    expect(await rowsOf(room.id)).toEqual([{ id: messages[0]!.id, client_id: clientId }]);

    const frame = await watcher.next('CREATE_MESSAGE');
    expect(frame.data).toMatchObject({ id: messages[0]!.id, clientId, content: 'Hello once' });
    await settle();
    expect(watcher.frames.filter((f) => f.type === 'CREATE_MESSAGE')).toHaveLength(1);
    watcher.ws.close();

    // A retry later, with other content, still answers the first message and stores nothing.
    const later = await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, {
      content: 'Changed?',
      clientId,
    });
    expect(messageResponse.parse(later.json()).data).toEqual(messages[0]);
    expect(await rowsOf(room.id)).toHaveLength(1);
  });

  it('the id is the sender’s in the room: others, other rooms, and sends without one are their own messages', async () => {
    const [host, ann] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    const other = await createRoom(t, host);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const clientId = 'same-id-everywhere';
    const sends = [
      as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'a', clientId }),
      as(t, ann)('POST', `/v1/rooms/${room.id}/messages`, { content: 'b', clientId }),
      as(t, host)('POST', `/v1/rooms/${other.room.id}/messages`, { content: 'c', clientId }),
      as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'd' }),
      as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'd' }),
    ];
    for (const res of await Promise.all(sends)) expect(res.statusCode, res.body).toBe(200);
    const ids = (await rowsOf(room.id)).map((r) => r.client_id);
    expect(ids.filter((c) => c === clientId)).toHaveLength(2);
    expect(ids.filter((c) => c === null)).toHaveLength(2);
    expect(await rowsOf(other.room.id)).toEqual([{ id: expect.any(Number), client_id: clientId }]);
    // The page reads as before: no clientId in it.
    const page = messagesPageResponse.parse(
      (await as(t, host)('GET', `/v1/rooms/${room.id}/messages`)).json(),
    );
    expect(page.data.messages.every((m) => !('clientId' in m))).toBe(true);
  });

  it('a malformed clientId is a 400 that says what it must be; a non-member’s retry is still a 403', async () => {
    const [host, stranger] = await createUsers(t, 2);
    const { room } = await createRoom(t, host);
    for (const clientId of ['short', 'x'.repeat(65), 'has space in it', 'ünïcødé-id']) {
      const res = await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'hi', clientId });
      expect(res.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(res.json()).message).toBe(
        'clientId: clientId must be 8 to 64 letters, digits, - or _ (a UUID, say)',
      );
    }
    const clientId = randomUUID();
    await as(t, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'mine', clientId });
    const res = await as(t, stranger)('POST', `/v1/rooms/${room.id}/messages`, { content: 'x', clientId });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(room.id)).toHaveLength(1);
  });
});
