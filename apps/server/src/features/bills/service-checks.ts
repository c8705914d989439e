import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isMember, lockRoom, type Tx } from '../rooms/queries.js';
import type { Me } from './access.js';
import { billRoomId } from './queries.js';
import { countMembers, pictureUploader, selectBillForChange } from './queries-bills.js';

// The checks a bill's create, edit, delete and restore make under the room's lock (service-create.ts,
// service-edit.ts, service-delete.ts).

/** Room lock, existence (404), membership (403), open (409): the checks every bill change makes. */
export async function lockOpenRoomAsMember(tx: Tx, roomId: string, userId: number) {
  const room = await lockRoom(tx, roomId);
  if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!(await isMember(tx, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  return room;
}

/** 400 unless every one of `ids` is a member of the room (unknown users included). */
export async function requireMembers(tx: Tx, roomId: string, ids: number[], path: string, message: string) {
  if (ids.length === 0) return;
  if ((await countMembers(tx, roomId, ids)) !== new Set(ids).size)
    throw badRequest(message, [{ path, message }]);
}

/**
 * The bill under its room's lock, for a change by `me`: 404 when there is no such bill (or, unless restoring, a
 * deleted one), 403 for someone who is not a member or is neither its creator, one of its payers nor the host, 409 when the
 * room is closed. Bills are never frozen by a Settle up (docs/money.md).
 */
export async function lockBillForChange(tx: Tx, billId: number, me: Me, verb: string, deleted = false) {
  const roomId = await billRoomId(tx, billId);
  if (!roomId) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  const room = await lockRoom(tx, roomId);
  // Read again under the lock: a delete may have committed meanwhile.
  const bill = await selectBillForChange(tx, billId);
  if (!bill || !room) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  if (!(await isMember(tx, bill.room_id, me.id)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  if (!deleted && bill.deleted_for !== null) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  // Issue 36: any payer of a bill with several is one who paid it.
  const paid = bill.owner_id === me.id || bill.paid_by.some((p) => p.userId === me.id);
  if (!paid && bill.created_by !== me.id && room.host_id !== me.id)
    throw forbidden(
      `Only the person who added the bill, who paid it or the host can ${verb} it.`,
      'BILL_NOT_YOURS',
    );
  if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  return { bill, room };
}

/**
 * A receipt must be a picture the caller uploaded (`POST /pictures`, as a room's cover: rooms/checks.ts): 400 naming
 * `receiptPictureId` otherwise, the sentence telling a missing picture from someone else's. `kept` is the bill's
 * receipt now: sending it back unchanged (a form that sends the whole bill) is no new choice and is not checked.
 */
export async function receiptOrBadRequest(
  tx: Tx,
  userId: number,
  pictureId: string | null | undefined,
  kept: string | null = null,
) {
  if (!pictureId || pictureId === kept) return;
  const uploader = await pictureUploader(tx, pictureId);
  if (uploader === userId) return;
  const message =
    uploader === undefined
      ? 'There is no such picture: upload the receipt first (POST /pictures).'
      : 'Choose a receipt picture you uploaded.';
  throw badRequest(message, [{ path: 'receiptPictureId', message }]);
}
