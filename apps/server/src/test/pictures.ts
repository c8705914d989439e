import { expect } from 'vitest';
import { errorEnvelopeSchema, pictureResponse } from '@outing/contract';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

/**
 * The picture tests' shorthands (features/pictures/pictures-*.test.ts) on one test app: an upload (as the given
 * user, the default one unless told, no token for null), a fetch, an upload that must be stored, the error envelope
 * of an answer and the widths of a picture's stored renditions.
 */
export function pictureHelpers(app: () => TestApp, defaultUser: () => TestUser) {
  const upload = (body: Buffer | string, type: string | undefined, user: TestUser | null = defaultUser()) =>
    app().app.inject({
      method: 'POST',
      url: '/v1/pictures',
      headers: {
        ...(type ? { 'content-type': type } : {}),
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      },
      payload: body,
    });

  const fetchPicture = (url: string, headers: Record<string, string> = {}) =>
    app().app.inject({ method: 'GET', url, headers });

  async function uploaded(body: Buffer, type: string) {
    const res = await upload(body, type);
    expect(res.statusCode, res.body).toBe(200);
    return pictureResponse.parse(res.json()).data;
  }

  const error = (res: { body: string }) => errorEnvelopeSchema.parse(JSON.parse(res.body));

  async function renditionWidths(id: string) {
    const { rows } = await app().database.pool.query<{ width: number }>(
      'SELECT width FROM picture_renditions WHERE picture_id = $1 ORDER BY width',
      [id],
    );
    return rows.map((r) => r.width);
  }

  return { upload, fetchPicture, uploaded, error, renditionWidths };
}
