import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/users.js';
import { blackPng } from './bomb-images.js';
import { TOO_SLOW } from './limits.js';
import { renderPicture } from './process.js';
import { UPLOADS_PER_HOUR } from './service.js';
import { largeHeic, pixels } from './test-images.js';

/**
 * Issue 32 item 2 and 6, over real sockets: one account's slow pictures may not make everyone else's uploads wait,
 * bodies waiting for a decode are bounded, decodes have a time limit, and every upload counts toward the hourly
 * quota, refused or not, parallel or not.
 */
let t: TestApp;
let base: string;
let port: number;
let attacker: TestUser;
let victim: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  attacker = await createUser(t);
  victim = await createUser(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => t.close());
beforeEach(() => t.database.pool.query('DELETE FROM picture_uploads'));

async function upload(user: TestUser, body: Buffer, type: string) {
  const res = await fetch(`${base}/v1/pictures`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
    body: new Uint8Array(body),
  });
  const json = (await res.json()) as { message: string };
  return { status: res.status, message: json.message, at: performance.now() };
}

const counted = async (user: TestUser) =>
  (
    await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM picture_uploads WHERE user_id = $1',
      [user.id],
    )
  ).rows[0]!.n;

describe('one account sending slow pictures', () => {
  it("holds one decode at a time: another user's small upload is answered before its first slow one", async () => {
    const heic = largeHeic(); // 25 MP: seconds of decoding on this machine
    const slow = Array.from({ length: 6 }, () => upload(attacker, heic, 'image/heic'));
    // Their bodies (16 kB each) are in and the first decode has started.
    await new Promise((r) => setTimeout(r, 400));
    const small = await upload(victim, await pixels(120, 80).png().toBuffer(), 'image/png');
    const answers = await Promise.all(slow);
    expect(small.status).toBe(200);
    const stored = answers.filter((a) => a.status === 200);
    // Two at a time per user (one decoding, one on its way); the others refused at once, before their body was read.
    expect(stored).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429).map((a) => a.message)).toEqual(
      Array(4).fill('Your other pictures are still being uploaded. Please wait for them to finish.'),
    );
    expect(small.at).toBeLessThan(Math.min(...stored.map((a) => a.at)));
  }, 60_000);

  it('cannot make the server hold more bodies: a third upload is refused before a byte of its body is sent', async () => {
    // Two uploads announce 5 MB each and send nothing more: their places are taken while their bodies are awaited.
    const held = [openUpload(attacker, 5 * 1024 * 1024), openUpload(attacker, 5 * 1024 * 1024)];
    await new Promise((r) => setTimeout(r, 200));
    const third = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head(attacker, 5 * 1024 * 1024)));
      let answer = '';
      socket.on('data', (d) => {
        answer += d.toString('latin1');
        if (/\r\n\r\n.*\}/s.test(answer)) {
          socket.destroy();
          resolve(answer);
        }
      });
    });
    expect(third).toMatch(/^HTTP\/1\.1 429 /);
    expect(third).toContain('Your other pictures are still being uploaded');
    for (const socket of held) socket.destroy();
    // Their places are given back when their clients go away: the next upload is taken.
    await new Promise((r) => setTimeout(r, 200));
    expect((await upload(attacker, await pixels(40, 40).png().toBuffer(), 'image/png')).status).toBe(200);
  });
});

function head(user: TestUser, length: number) {
  return [
    'POST /v1/pictures HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: Bearer ${user.token}`,
    'Content-Type: image/png',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

function openUpload(user: TestUser, length: number) {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(head(user, length)));
  socket.on('error', () => undefined);
  return socket;
}

describe('the hourly quota', () => {
  it('counts refused uploads: after 20 unreadable ones the 21st is refused before it is read', async () => {
    const junk = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++)
      expect((await upload(attacker, junk, 'image/png')).status).toBe(400);
    const next = await upload(attacker, junk, 'image/png');
    expect(next.status).toBe(429);
    expect(next.message).toBe(
      `You have uploaded ${UPLOADS_PER_HOUR} pictures in the last hour. Please wait before uploading another.`,
    );
    expect(await counted(attacker)).toBe(UPLOADS_PER_HOUR);
  });

  it('counts parallel uploads one after the other: of 40 at once, exactly 20 are stored', async () => {
    // Enough places for all 40 at once, so that only the quota stands between them and the database.
    const wide = await createTestApp({}, undefined, {
      database: t.database,
      pictures: { queue: { slots: 2, places: 50, perUser: 50 } },
    });
    try {
      const png = await pixels(40, 40).png().toBuffer();
      const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM pictures')).rows[0]
        .n as number;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          wide.app.inject({
            method: 'POST',
            url: '/v1/pictures',
            headers: { authorization: `Bearer ${victim.token}`, 'content-type': 'image/png' },
            payload: png,
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(UPLOADS_PER_HOUR);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - UPLOADS_PER_HOUR);
      const after = (await t.database.pool.query('SELECT count(*)::int AS n FROM pictures')).rows[0]
        .n as number;
      expect(after - before).toBe(UPLOADS_PER_HOUR);
    } finally {
      await wide.app.close();
    }
  }, 60_000);
});

describe('the time limit of a decode', () => {
  it('refuses a HEIC that takes longer (its worker stopped), and counts it', async () => {
    const quick = await createTestApp({}, undefined, {
      database: t.database,
      pictures: { decodeTimeLimitMs: 300 },
    });
    try {
      const started = performance.now();
      const res = await quick.app.inject({
        method: 'POST',
        url: '/v1/pictures',
        headers: { authorization: `Bearer ${victim.token}`, 'content-type': 'image/heic' },
        payload: largeHeic(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: TOO_SLOW });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(await counted(victim)).toBe(1);
    } finally {
      await quick.app.close();
    }
  });

  it('refuses a PNG that takes longer to read', async () => {
    // 50 MP of 16-bit RGBA: the most work a picture Outing takes can ask of libvips (about 2 s here).
    const png = await blackPng({ width: 16_383, height: 3_051, bitDepth: 16, colour: 6 });
    await expect(renderPicture(png, { timeLimitMs: 1_000 })).rejects.toMatchObject({ message: TOO_SLOW });
  }, 30_000);
});
