import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pictureHelpers } from '../../test/pictures.js';
import { createUser, type TestUser } from '../../test/users.js';
import { pixels } from './test-images.js';

/** Serving a stored picture: no token, cached for good, one of its widths. */

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
});
afterAll(() => t.close());
// Every upload counts toward the hourly quota, stored or refused: each test starts with Alice's hour empty (the
// quota has its own tests).
beforeEach(() => t.database.pool.query('DELETE FROM picture_uploads WHERE user_id = $1', [alice.id]));

const { fetchPicture, uploaded, error } = pictureHelpers(
  () => t,
  () => alice,
);

describe('GET /v1/pictures/{id}.webp', () => {
  let url: string;
  beforeAll(async () => {
    ({ url } = await uploaded(await pixels(600, 400).png().toBuffer(), 'image/png'));
  });

  it('needs no token, and is cached for a year with an ETag (304 when the client has it)', async () => {
    const res = await fetchPicture(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f-]{36}-\d+"$/);
    const again = await fetchPicture(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const small = await fetchPicture(`${url}?w=160`);
    expect(small.headers.etag).not.toBe(etag);
    // A bad token is ignored like none.
    expect((await fetchPicture(url, { authorization: 'Bearer nonsense' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id, and 400 for another width', async () => {
    const unknown = await fetchPicture(`/v1/pictures/${randomUUID()}.webp`);
    expect(unknown.statusCode).toBe(404);
    expect(error(unknown).code).toBe('NOT_FOUND');
    expect((await fetchPicture('/v1/pictures/not-a-picture.webp')).statusCode).toBe(404);
    for (const w of ['300', '0', 'big', '']) {
      const res = await fetchPicture(`${url}?w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(error(res).message).toBe('query.w: w must be 160, 480 or 960');
    }
  });
});
