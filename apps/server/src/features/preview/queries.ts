import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';

export type PreviewRow = {
  id: string;
  name: string;
  image_url: string;
  picture_id: string | null;
  date: string;
  time: string;
  time_zone: string;
  starts_at: string;
  venue: string;
  venue_url: string;
  description: string;
  host_username: string;
  host_display_name: string;
  host_picture_url: string;
  going_count: number;
  capacity: number | null;
  is_private: boolean;
  is_closed: boolean;
  is_past: boolean;
  date_tbd: boolean;
  venue_tbd: boolean;
};

/** The room as a link holder sees it before joining: the host's name and picture, no member, no email, no id. */
export async function selectPreview(db: Db, roomId: string): Promise<PreviewRow | undefined> {
  const { rows } = await db.execute<PreviewRow>(sql`
    SELECT r.id, r.name, r.image_url, r.picture_id, r.date::text AS date, r.time, r.time_zone, r.starts_at,
      r.venue, r.venue_url, r.description, h.username AS host_username, h.display_name AS host_display_name,
      h.picture_url AS host_picture_url,
      r.going_count, r.capacity, r.is_private, r.is_closed,
      r.starts_at < now() AND NOT r.date_tbd AS is_past, r.date_tbd, r.venue_tbd
    FROM rooms r JOIN users h ON h.id = r.host_id
    WHERE r.id = ${roomId}`);
  return rows[0];
}
