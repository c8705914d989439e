import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { isMember, type Tx } from '../rooms/queries.js';

export type BillsContext = { db: Db; events: AppEvents; hub: RealtimeHub };
export type Me = { id: number; username: string };

export async function roomMembers(db: Db | Tx, roomId: string): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: number }>(
    sql`SELECT user_id FROM room_members WHERE room_id = ${roomId}`,
  );
  return rows.map((r) => r.user_id);
}

/** 404 for no such room, 403 for someone who is not a member. */
export async function requireMemberOf(db: Db, roomId: string, userId: number) {
  const { rows } = await db.execute(sql`SELECT 1 FROM rooms WHERE id = ${roomId}`);
  if (rows.length === 0) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!(await isMember(db, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
}
