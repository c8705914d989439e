import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../lib/tokens.js';
import { TEST_JWT_SECRET } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { startServerProcess, waitForExit, type ServerProcess } from '../../test/server-process.js';
import { connect, settle } from '../../test/sockets.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two server processes on one PostgreSQL and one Redis, as behind a load balancer.
describe.skipIf(!redisUrl)('frames across two instances', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const users: { id: number; username: string; email: string; pictureUrl: string; token: string }[] = [];
  const roomId = '5f0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d22';

  beforeAll(async () => {
    database = await createTestDatabase();
    const tokens = createTokenService(TEST_JWT_SECRET);
    for (const username of ['inst_alice', 'inst_bob']) {
      const { rows } = await database.pool.query<{ id: number }>(
        `INSERT INTO users (username, email, is_email_valid) VALUES ($1, $2, true) RETURNING id`,
        [username, `${username}@example.com`],
      );
      const user = { id: rows[0]!.id, username, email: `${username}@example.com`, pictureUrl: '' };
      users.push({ ...user, token: await tokens.sign(user) });
    }
    await database.pool.query(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
       VALUES ($1, 'Across', '2031-01-01', '10:00', 'Somewhere', 'local:somewhere', 'https://maps', $2)`,
      [roomId, users[0]!.id],
    );
    await database.pool.query(`INSERT INTO room_members (room_id, user_id) VALUES ($1, $2), ($1, $3)`, [
      roomId,
      users[0]!.id,
      users[1]!.id,
    ]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMITS: 'off',
      DATA_DIR: '/nonexistent-outing',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);

  afterAll(async () => {
    for (const p of [a, b]) {
      if (!p) continue;
      p.child.kill('SIGTERM');
      await waitForExit(p.child);
    }
    await database.drop();
  });

  it('a socket on B receives, exactly once, the message posted through A and a notification created on A', async () => {
    const [alice, bob] = users as [(typeof users)[0], (typeof users)[0]];
    const onB = connect(`http://127.0.0.1:${b.port}`, bob.token);
    const aliceOnA = connect(`http://127.0.0.1:${a.port}`, alice.token);
    await Promise.all([onB.opened, aliceOnA.opened]);
    await settle();

    const post = await fetch(`http://127.0.0.1:${a.port}/v1/rooms/${roomId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hello from A' }),
    });
    expect(post.status).toBe(200);
    const frame = await onB.next('CREATE_MESSAGE');
    expect(frame.data).toMatchObject({
      roomId,
      senderId: alice.id,
      senderName: 'inst_alice',
      content: 'hello from A',
    });
    await aliceOnA.next('CREATE_MESSAGE');

    const request = await fetch(`http://127.0.0.1:${a.port}/v1/users/${alice.id}/friends/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ friendId: bob.id }),
    });
    expect(request.status).toBe(200);
    expect((await onB.next('NOTIFICATION')).data).toMatchObject({ userId: bob.id, title: 'Friend request' });

    await settle();
    expect(onB.frames.filter((f) => f.type === 'CREATE_MESSAGE')).toHaveLength(1);
    expect(onB.frames.filter((f) => f.type === 'NOTIFICATION')).toHaveLength(1);
    onB.ws.close();
    aliceOnA.ws.close();
  });
});
