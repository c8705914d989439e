import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@outing/contract';
import { generateVapidKeys } from '../../lib/push-sender.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { pushInbox } from '../../test/push-inbox.js';
import { jobsEnv, queueSettled, sleep, waitFor } from '../../test/reminders.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { connect, type TestSocket } from '../../test/sockets.js';
import type { TestUser } from '../../test/users.js';

/**
 * Issue #21: new messages reach members who are not in the chat by push, one per room and burst (the job queue
 * groups them), counted, replacing the one before (`tag`); never to the muted, to those who turned chat pushes
 * off, to those viewing the chat, or to the sender. The push service decrypts what it gets.
 */

// Long enough for the viewer's marker to move on a busy machine before the burst's job counts (700 ms was not).
const DELAY_MS = 1500;
let t: TestApp;
let base: string;
let service: Awaited<ReturnType<typeof startPushEndpoint>>;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  service = await startPushEndpoint();
  t = await createTestApp({ ...jobsEnv, PUBLIC_URL: 'http://localhost:3000' }, undefined, {
    vapid: generateVapidKeys(),
    pushOptions: { backoffMs: 20, maxAttempts: 2, timeoutMs: 2000 },
    chatPushDelayMs: DELAY_MS,
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await t.close();
  await service.close();
});

const send = async (u: TestUser, roomId: string, content: string) => {
  const res = await as(t, u)('POST', `/v1/rooms/${roomId}/messages`, { content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const chatJobs = async (roomId: string) =>
  (
    await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key = $1',
      [`chat-push:${roomId}`],
    )
  ).rows[0]!.n;
/** Waits until the room's chat push job has run (and the queue has nothing due). */
async function pushed(roomId: string) {
  await waitFor(
    'the chat push job',
    async () => (await chatJobs(roomId)) === 0 && (await queueSettled(t.database)),
  );
  await t.app.push!.drain();
}

describe('chat pushes', () => {
  it('one counted push per room and burst, to members not in the chat, muted or switched off', async () => {
    const [ann, ben, cat, dan, eve] = await createUsers(t, 5);
    const { room } = await createRoom(t, ann, { name: 'Board games' });
    for (const u of [ben, cat, dan, eve]) await as(t, u)('PATCH', `/v1/rooms/${room.id}/join`);
    const benIn = await pushInbox(t, service, ben);
    const others = await Promise.all([ann, cat, dan, eve].map((u) => pushInbox(t, service, u)));
    expect((await as(t, cat)('PATCH', `/v1/rooms/${room.id}/mute`, { muted: true })).statusCode).toBe(200);
    expect(
      (await as(t, dan)('PATCH', `/v1/users/${dan.id}/preferences`, { push: { chat: false } })).statusCode,
    ).toBe(200);
    const viewing = connect(base, eve.token);
    sockets.push(viewing);
    await viewing.opened;
    viewing.ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: room.id } }));
    // The frame acted on before the first message (a fixed pause was not always enough on CI's busy cores).
    await expect.poll(() => t.app.hub.viewersOf(room.id), { timeout: 5000 }).toEqual([eve.id]);

    const started = Date.now();
    let newest = 0;
    for (const text of ['Who is in?', 'Bring dice', 'Starting at 7']) newest = await send(ann, room.id, text);
    expect(await chatJobs(room.id)).toBe(1);
    // Eve's marker follows the messages she is shown, before the burst's job counts what is unread.
    await waitFor('the viewer read on arrival', async () =>
      viewing.frames.some(
        (f) => f.type === 'CHAT_READ' && f.data.roomId === room.id && f.data.lastReadId === newest,
      ),
    );
    await pushed(room.id);
    // Grouped: nothing went out before the burst's moment.
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);

    const burst: PushPayload = {
      title: 'Board games',
      message: '3 new messages in Board games',
      url: `/room/${room.id}/chat`,
      tag: `chat:${room.id}`,
    };
    expect(await benIn.received()).toEqual([burst]);
    for (const inbox of others) expect(await inbox.received()).toEqual([]);

    // More: a push replacing the first (same tag) that counts everything still unread.
    await send(ann, room.id, 'Anyone?');
    await pushed(room.id);
    expect(await benIn.received()).toEqual([burst, { ...burst, message: '4 new messages in Board games' }]);

    // Read, then one message: its sender and text.
    expect((await as(t, ben)('PUT', `/v1/rooms/${room.id}/messages/read`)).statusCode).toBe(200);
    await send(ann, room.id, 'See you at 7');
    await pushed(room.id);
    expect((await benIn.received()).at(-1)).toEqual({ ...burst, message: `${ann.username}: See you at 7` });
    for (const inbox of others) expect(await inbox.received()).toEqual([]);
  });

  it('plans no job where nobody could get a push, and a job run again pushes nothing more', async () => {
    const [ann, ben] = await createUsers(t, 2);
    const { room } = await createRoom(t, ann, { name: 'Quiet' });
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`);
    await send(ann, room.id, 'nobody subscribed');
    expect(await chatJobs(room.id)).toBe(0);

    const benIn = await pushInbox(t, service, ben);
    await send(ben, room.id, 'my own message');
    expect(await chatJobs(room.id)).toBe(0); // the only subscriber is the sender
    await send(ann, room.id, 'now ben has one');
    await pushed(room.id);
    // Counted from ben's marker: the message before he subscribed is unread too.
    expect((await benIn.received()).map((p) => p.message)).toEqual(['2 new messages in Quiet']);

    // The job again, as graphile-worker may run it twice: everything is claimed, nothing is pushed.
    await t.database.pool.query(
      `SELECT graphile_worker.add_job('chat-push', json_build_object('roomId', $1::uuid))`,
      [room.id],
    );
    await waitFor('the repeated job', () => queueSettled(t.database));
    await sleep(100);
    expect(await benIn.received()).toHaveLength(1);
  });
});
