import type { Guest } from '@outing/contract';
import { isoTimestamp } from '../../db/timestamps.js';
import type { Runner } from './queries.js';
import { selectGuests } from './queries-rsvp.js';
import { guestMark } from '../users/guest-mark.js';

/**
 * `GET /rooms/{id}/guests` (members and pending invitees): everyone asked. Members by answer (going with the host first, maybe, the
 * waitlist in its order, declined), then pending invitees, then invitees who declined (and did not join later).
 * Emails for the viewer and the viewer's friends only, as everywhere.
 */
export async function guests(db: Runner, roomId: string, viewerId: number): Promise<Guest[]> {
  const rows = await selectGuests(db, roomId, viewerId);
  return rows.map((g) => ({
    user: {
      id: g.id,
      username: g.username,
      displayName: g.display_name,
      email: g.visible ? g.email : '',
      pictureUrl: g.picture_url,
      ...guestMark(g.is_guest),
    },
    rsvp: g.rsvp,
    isMember: g.is_member,
    answeredAt: g.answered_at ? isoTimestamp(g.answered_at) : null,
    nudgedAt: g.nudged_at ? isoTimestamp(g.nudged_at) : null,
  }));
}
