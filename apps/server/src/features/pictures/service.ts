import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { pictureSchema } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { tooMany } from '../../lib/errors.js';
import type { DecodePlace } from './decode-queue.js';
import { DECODE_TIME_LIMIT_MS } from './limits.js';
import { renderPicture } from './process.js';
import { countUpload, insertPicture, selectRendition } from './queries.js';

/** Own cover pictures (issue #20): upload, store as WebP renditions in PostgreSQL, serve. */

/**
 * Uploads a user may make in an hour: every upload whose body is read counts, stored or refused (a picture that
 * takes the decoder 20 s and fails costs as much as one that is stored). Counted in the database, so it holds
 * across instances and restarts.
 */
export const UPLOADS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/** Where an uploaded picture is served (the 960 px rendition; `?w=160|480` for smaller ones). */
export const pictureUrl = (pictureId: string) => `/v1/pictures/${pictureId}.webp`;

/** Counts an upload toward the user's hourly quota before its body is read, or refuses it (429). */
export async function countUploadOrRefuse(db: Db, userId: number) {
  const result = await countUpload(db, userId, UPLOADS_PER_HOUR, HOUR_MS);
  if (result.counted) return;
  throw tooMany(
    `You have uploaded ${UPLOADS_PER_HOUR} pictures in the last hour. Please wait before uploading another.`,
    'UPLOAD_QUOTA',
    result.retryAfterMs / 1000,
  );
}

export async function uploadPicture(
  db: Db,
  uploaderId: number,
  bytes: Buffer,
  opts: { place: DecodePlace; decodeTimeLimitMs?: number },
): Promise<z.infer<typeof pictureSchema>> {
  const renditions = await opts.place.run(() =>
    renderPicture(bytes, { timeLimitMs: opts.decodeTimeLimitMs ?? DECODE_TIME_LIMIT_MS }),
  );
  const largest = renditions.reduce((a, b) => (b.width > a.width ? b : a));
  const id = randomUUID();
  await insertPicture(db, { id, uploaderId, width: largest.width, height: largest.height }, renditions);
  return { id, url: pictureUrl(id), width: largest.width, height: largest.height };
}

export const pictureRendition = (db: Db, pictureId: string, width: number) =>
  selectRendition(db, pictureId, width);
