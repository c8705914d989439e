import type { Db } from '../../db/pool.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { isMember, type Tx } from '../rooms/queries.js';
import { roomExists, selectMemberIds } from './queries.js';

export type BillsContext = { db: Db; events: AppEvents; hub: RealtimeHub };
export type Me = { id: number; username: string };

export async function roomMembers(db: Db | Tx, roomId: string): Promise<number[]> {
  return selectMemberIds(db, roomId);
}

/** 404 for no such room, 403 for someone who is not a member. */
export async function requireMemberOf(db: Db, roomId: string, userId: number) {
  if (!(await roomExists(db, roomId))) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!(await isMember(db, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
}
