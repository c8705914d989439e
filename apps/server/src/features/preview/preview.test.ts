import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, roomPreviewResponse, roomPreviewSchema } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';
import { PREVIEWS_PER_MINUTE } from './routes.js';

let t: TestApp;
let host: TestUser;
let guest: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t);
  guest = await createUser(t);
});
afterAll(() => t.close());

const preview = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1/rooms/${id}/preview`, headers });

describe('GET /v1/rooms/{id}/preview', () => {
  it('shows a signed-out visitor the room as its link holder would before joining, and no member', async () => {
    const { room } = await createRoom(t, host, {
      name: 'Picnic by the lake',
      isPrivate: true,
      description: 'Bring a blanket',
      imageUrl: '/imgs/travel.png',
    });
    expect((await as(t, guest)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);

    const res = await preview(room.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = roomPreviewResponse.parse(res.json()).data;
    expect(data).toEqual({
      id: room.id,
      name: 'Picnic by the lake',
      imageUrl: '/imgs/travel.png',
      pictureUrl: null,
      date: room.date,
      time: room.time,
      timeZone: room.timeZone,
      startsAt: room.startsAt,
      venue: room.venue,
      venueUrl: room.venueUrl,
      description: 'Bring a blanket',
      host: { username: host.username, displayName: '', pictureUrl: '' },
      goingCount: 2,
      capacity: null,
      isPrivate: true,
      isClosed: false,
      isPast: false,
      url: room.url,
      dateTbd: false,
      venueTbd: false,
    });
    // Exactly the declared fields, and nothing of the members: no guest, no email, no user id.
    expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(roomPreviewSchema.shape).sort());
    for (const secret of [guest.username, guest.email, host.email, `"hostId"`, `"id":${host.id}`])
      expect(res.body).not.toContain(secret);
  });

  it('answers alike with a token, a bad token or none', async () => {
    const { room } = await createRoom(t, host, { name: 'Open mic' });
    const plain = (await preview(room.id)).json();
    const signedIn = await preview(room.id, { authorization: `Bearer ${guest.token}` });
    const badToken = await preview(room.id, { authorization: 'Bearer not-a-token' });
    expect([signedIn.statusCode, badToken.statusCode]).toEqual([200, 200]);
    expect(signedIn.json()).toEqual(plain);
    expect(badToken.json()).toEqual(plain);
  });

  it('shows the uploaded picture, the capacity, a past date and a closed room as such', async () => {
    const { room } = await createRoom(t, host, { name: 'Old times' });
    const pictureId = randomUUID();
    await t.database.pool.query(
      `INSERT INTO pictures (id, uploader_id, width, height) VALUES ($1, $2, 960, 540)`,
      [pictureId, host.id],
    );
    await t.database.pool.query(
      `UPDATE rooms SET picture_id = $2, capacity = 12, date = current_date - 3, is_closed = true WHERE id = $1`,
      [room.id, pictureId],
    );
    const data = roomPreviewResponse.parse((await preview(room.id)).json()).data;
    expect(data).toMatchObject({
      pictureUrl: `/v1/pictures/${pictureId}.webp`,
      capacity: 12,
      isPast: true,
      isClosed: true,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-room', '00000000-0000-1000-8000-000000000000']) {
      const res = await preview(id);
      expect(res.statusCode, id).toBe(404);
      expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('is in the OpenAPI document, as the picture routes are', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/v1/rooms/{id}/preview']!)).toContain('get');
    expect(Object.keys(doc.paths['/v1/pictures']!.post!.responses)).toContain('200');
    expect(Object.keys(doc.paths['/v1/pictures/{id}.webp']!)).toContain('get');
  });
});

describe('the preview’s rate limit', () => {
  it(`allows ${PREVIEWS_PER_MINUTE} previews a minute from one address, then 429 with Retry-After`, async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const owner = await createUser(limited);
      const { room } = await createRoom(limited, owner);
      const from = (ip: string) =>
        limited.app.inject({ method: 'GET', url: `/v1/rooms/${room.id}/preview`, remoteAddress: ip });
      for (let i = 0; i < PREVIEWS_PER_MINUTE; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
      const refused = await from('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorEnvelopeSchema.parse(refused.json()).code).toBe('RATE_LIMITED');
      expect((await from('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
