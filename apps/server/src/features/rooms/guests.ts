import { sql } from 'drizzle-orm';
import type { Guest, RsvpStatus } from '@outing/contract';
import { isoTimestamp } from '../../db/timestamps.js';
import type { Runner } from './queries.js';

type GuestRow = {
  id: number;
  username: string;
  email: string;
  picture_url: string;
  visible: boolean;
  rsvp: RsvpStatus;
  is_member: boolean;
  answered_at: string | null;
  nudged_at: string | null;
};

/**
 * `GET /rooms/{id}/guests` (members): everyone asked. Members by answer (going with the host first, maybe, the
 * waitlist in its order, declined), then pending invitees, then invitees who declined (and did not join later).
 * Emails for the viewer and the viewer's friends only, as everywhere.
 */
export async function guests(db: Runner, roomId: string, viewerId: number): Promise<Guest[]> {
  const { rows } = await db.execute<GuestRow>(sql`
    WITH asked AS (
      SELECT m.user_id, m.rsvp, true AS is_member, m.rsvp_at AS answered_at, NULL::timestamptz AS nudged_at,
        CASE m.rsvp WHEN 'going' THEN 0 WHEN 'maybe' THEN 1 WHEN 'waitlisted' THEN 2 ELSE 3 END AS grp,
        CASE WHEN m.rsvp = 'waitlisted' THEN m.rsvp_at END AS queued_at
      FROM room_members m WHERE m.room_id = ${roomId}
      UNION ALL
      SELECT i.user_id, 'invited', false, NULL, i.nudged_at, 4, NULL
      FROM invites i WHERE i.room_id = ${roomId} AND i.status = 'pending'
      UNION ALL
      (SELECT DISTINCT ON (i.user_id) i.user_id, 'declined', false, i.responded_at, i.nudged_at, 5, NULL
      FROM invites i WHERE i.room_id = ${roomId} AND i.status = 'declined'
        AND NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = i.room_id AND m.user_id = i.user_id)
        AND NOT EXISTS (SELECT 1 FROM invites p WHERE p.room_id = i.room_id AND p.user_id = i.user_id AND p.status = 'pending')
      ORDER BY i.user_id, i.responded_at DESC NULLS LAST)
    )
    SELECT u.id, u.username, u.email, u.picture_url, a.rsvp, a.is_member, a.answered_at, a.nudged_at,
      (u.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)) AS visible
    FROM asked a JOIN users u ON u.id = a.user_id JOIN rooms r ON r.id = ${roomId}
    ORDER BY a.grp, (u.id = r.host_id) DESC, a.queued_at, CASE WHEN a.grp = 2 THEN u.id END, lower(u.username), u.id`);
  return rows.map((g) => ({
    user: {
      id: g.id,
      username: g.username,
      email: g.visible ? g.email : '',
      pictureUrl: g.picture_url,
    },
    rsvp: g.rsvp,
    isMember: g.is_member,
    answeredAt: g.answered_at ? isoTimestamp(g.answered_at) : null,
    nudgedAt: g.nudged_at ? isoTimestamp(g.nudged_at) : null,
  }));
}
