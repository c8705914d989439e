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

/** How many pictures the user uploaded since `since`, and when the oldest of those was. */
export async function recentUploads(db: Db, userId: number, since: Date) {
  const { rows } = await db.execute<{ n: number; oldest: number | null }>(
    sql`SELECT count(*)::int AS n, (extract(epoch FROM min(created_at)) * 1000)::float8 AS oldest FROM pictures
      WHERE uploader_id = ${userId} AND created_at > ${since.toISOString()}`,
  );
  return { count: rows[0]!.n, oldestMs: rows[0]!.oldest ?? undefined };
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
