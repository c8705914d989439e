import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwoTestApps } from '../../test/app.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { connect, settle } from '../../test/sockets.js';
import { notify } from '../notifications/service.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Issue #21 behind a load balancer: two instances, one database, one Redis; a user's devices on either. */
describe.skipIf(!redisUrl)('reading across instances', () => {
  let two: Awaited<ReturnType<typeof createTwoTestApps>>;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    two = await createTwoTestApps(redisUrl!, { PUBLIC_URL: 'http://localhost:3000' });
    baseA = await two.a.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await two.b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => two.close());

  it('a chat viewed through B is read when a message is posted through A; the phone on A hears it', async () => {
    const [host, ann] = await createUsers(two.a, 2);
    const { room } = await createRoom(two.a, host);
    await as(two.a, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    const laptop = connect(baseB, ann.token);
    const phone = connect(baseA, ann.token);
    await Promise.all([laptop.opened, phone.opened]);
    await settle();
    laptop.ws.send(JSON.stringify({ type: 'VIEWING', data: { roomId: room.id } }));
    await settle();

    const sent = await as(two.a, host)('POST', `/v1/rooms/${room.id}/messages`, { content: 'from A' });
    const id = sent.json().data.id as number;
    expect((await laptop.next('CREATE_MESSAGE')).data).toMatchObject({ id });
    expect((await phone.next('CHAT_READ')).data).toEqual({ roomId: room.id, lastReadId: id, unread: 0 });
    expect(phone.frames.filter((f) => f.type === 'CREATE_MESSAGE')).toHaveLength(1);
    laptop.ws.close();
    phone.ws.close();
  });

  it('a notification read through A is read on the device connected to B', async () => {
    const [me] = await createUsers(two.a, 1);
    const [n] = await notify(two.a.database.db, two.a.app.deps.events, [
      { userId: me.id, kind: 'other', title: 'Hi', content: 'There', url: null },
    ]);
    const onB = connect(baseB, me.token);
    await onB.opened;
    await settle();
    expect((await as(two.a, me)('PATCH', `/v1/users/${me.id}/notifications/${n!.id}`)).statusCode).toBe(200);
    expect((await onB.next('NOTIFICATIONS_READ')).data).toEqual({ ids: [n!.id], all: false, unread: 0 });
    onB.ws.close();
  });
});
