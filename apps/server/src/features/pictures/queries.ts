import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import type { Rendition } from './process.js';

/** A picture and its renditions, in one transaction. */
export async function insertPicture(
  db: Db,
  picture: { id: string; uploaderId: number; width: number; height: number },
  renditions: Rendition[],
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO pictures (id, uploader_id, width, height)
      VALUES (${picture.id}, ${picture.uploaderId}, ${picture.width}, ${picture.height})`);
    for (const r of renditions)
      await tx.execute(
        sql`INSERT INTO picture_renditions (picture_id, width, webp) VALUES (${picture.id}, ${r.width}, ${r.webp})`,
      );
  });
}

/**
 * Counts one upload of the user toward the hourly quota, unless `limit` were counted in the last hour: then nothing is
 * written, and the answer says when the oldest of those leaves the hour. Under a lock per user, so that parallel
 * uploads are counted one after the other (each sees the others' rows).
 */
export async function countUpload(db: Db, userId: number, limit: number, windowMs: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`picture-uploads:${userId}`}))`);
    const since = sql`now() - make_interval(secs => ${windowMs / 1000})`;
    await tx.execute(sql`DELETE FROM picture_uploads WHERE user_id = ${userId} AND created_at <= ${since}`);
    const { rows } = await tx.execute<{ n: number; oldest: number | null; now: number }>(
      sql`SELECT count(*)::int AS n, (extract(epoch FROM min(created_at)) * 1000)::float8 AS oldest,
        (extract(epoch FROM now()) * 1000)::float8 AS now
        FROM picture_uploads WHERE user_id = ${userId}`,
    );
    const { n, oldest, now } = rows[0]!;
    if (n >= limit) return { counted: false as const, retryAfterMs: (oldest ?? now) + windowMs - now };
    await tx.execute(sql`INSERT INTO picture_uploads (user_id) VALUES (${userId})`);
    return { counted: true as const };
  });
}

/**
 * The rendition for a wanted width: the widest that is not wider, else the narrowest (a picture narrower than the
 * wanted width has only its own).
 */
export async function selectRendition(db: Db, pictureId: string, wanted: number) {
  const { rows } = await db.execute<{ width: number; webp: Buffer }>(
    sql`SELECT width, webp FROM picture_renditions WHERE picture_id = ${pictureId}
      ORDER BY (width <= ${wanted}) DESC, CASE WHEN width <= ${wanted} THEN -width ELSE width END
      LIMIT 1`,
  );
  return rows[0];
}
