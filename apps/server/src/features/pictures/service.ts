import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { pictureSchema } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { tooMany } from '../../lib/errors.js';
import { renderPicture } from './process.js';
import { insertPicture, recentUploads, selectRendition } from './queries.js';

/** Own cover pictures (issue #20): upload, store as WebP renditions in PostgreSQL, serve. */

/** Uploads a user may make in an hour (the pictures are counted, so it holds across instances and restarts). */
export const UPLOADS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/** Where an uploaded picture is served (the 960 px rendition; `?w=160|480` for the smaller ones). */
export const pictureUrl = (pictureId: string) => `/v1/pictures/${pictureId}.webp`;

/** Refuses a user who reached the hourly number of uploads, before their next upload is read. */
export async function checkUploadQuota(db: Db, userId: number, now = Date.now()) {
  const { count, oldestMs } = await recentUploads(db, userId, new Date(now - HOUR_MS));
  if (count < UPLOADS_PER_HOUR) return;
  const retryAfter = ((oldestMs ?? now) + HOUR_MS - now) / 1000;
  throw tooMany(
    `You have uploaded ${UPLOADS_PER_HOUR} pictures in the last hour. Please wait before uploading another.`,
    retryAfter,
  );
}

/**
 * Decoding holds a whole picture's pixels in memory (up to 200 MB for a 50 MP HEIC): at most this many at once per
 * instance, the others wait their turn.
 */
const MAX_CONCURRENT_DECODES = 2;
let running = 0;
const queue: (() => void)[] = [];
async function withDecodeSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => queue.push(resolve));
  else running += 1;
  try {
    return await fn();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

export async function uploadPicture(
  db: Db,
  uploaderId: number,
  bytes: Buffer,
): Promise<z.infer<typeof pictureSchema>> {
  const renditions = await withDecodeSlot(() => renderPicture(bytes));
  const largest = renditions.reduce((a, b) => (b.width > a.width ? b : a));
  const id = randomUUID();
  await insertPicture(db, { id, uploaderId, width: largest.width, height: largest.height }, renditions);
  return { id, url: pictureUrl(id), width: largest.width, height: largest.height };
}

export const pictureRendition = (db: Db, pictureId: string, width: number) =>
  selectRendition(db, pictureId, width);
