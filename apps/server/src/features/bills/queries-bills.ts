import { sql, type SQL } from 'drizzle-orm';
import type { Bill, BillCategory } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import { usTimestamp } from '../../lib/cursor.js';
import type { Runner } from '../rooms/queries.js';
import { intArray, selectBills, type StoredSpec } from './queries.js';

// A bill's writes and the reads its checks make (decision 023's queries-<topic>.ts; service.ts and
// deleted-account-guard.ts say what they are for). Every write runs in the bill's transaction, under its room's lock.
// Lists of people and amounts are bound as one `int[]` parameter each (`intArray`): a statement's text is the same
// whatever their length, so it is prepared once (db/prepared.ts).

/** A bill as `viewerId` sees it (a deleted one too). */
export async function selectBillById(
  db: Runner,
  viewerId: number,
  billId: number,
): Promise<Bill | undefined> {
  return (await selectBills(db, viewerId, sql`b.id = ${billId}`))[0];
}

/**
 * A room's live bills, newest first, or only those `ownerId` paid. With `page`, those before its cursor's
 * (created_at, id), `limit` of them, each with its keyset key.
 */
export function selectRoomBills(
  db: Runner,
  viewerId: number,
  roomId: string,
  ownerId?: number,
): Promise<Bill[]>;
export function selectRoomBills(
  db: Runner,
  viewerId: number,
  roomId: string,
  ownerId: number | undefined,
  page: { before?: readonly [string, number]; limit: number },
): Promise<(Bill & { keyUs: string })[]>;
export function selectRoomBills(
  db: Runner,
  viewerId: number,
  roomId: string,
  ownerId?: number,
  page?: { before?: readonly [string, number]; limit: number },
) {
  // With `ownerId`, one payer's bills (bills_room_owner_idx serves them in the list's order, migration 0017).
  const inRoom =
    ownerId === undefined
      ? sql`b.room_id = ${roomId} AND b.deleted_at IS NULL`
      : sql`b.room_id = ${roomId} AND b.owner_id = ${ownerId} AND b.deleted_at IS NULL`;
  if (!page) return selectBills(db, viewerId, inRoom);
  const { before } = page;
  return selectBills(
    db,
    viewerId,
    before
      ? sql`${inRoom} AND (b.created_at, b.id) < (${usTimestamp(before[0])}, ${before[1]}::int)`
      : inRoom,
    page.limit,
  );
}

/** How many of `ids` are members of the room (unknown users are not). */
export async function countMembers(db: Runner, roomId: string, ids: readonly number[]): Promise<number> {
  const counted = await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM room_members WHERE room_id = ${roomId} AND user_id = ANY(${intArray(ids)})`,
  );
  return counted!.n;
}

/** The users of `ids` that exist, and whether each is a member of the room. */
export async function membershipOf(
  db: Runner,
  roomId: string,
  ids: readonly number[],
): Promise<{ id: number; member: boolean }[]> {
  return rows<{ id: number; member: boolean }>(
    db,
    sql`
    SELECT u.id, EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = ${roomId} AND m.user_id = u.id) AS member
    FROM users u WHERE u.id = ANY(${intArray(ids)})`,
  );
}

/** A new bill, its split written next (`setBillSplit`, once its id has chosen who gets a leftover unit); its id. */
export async function insertBill(
  db: Runner,
  b: {
    roomId: string;
    ownerId: number;
    createdBy: number;
    name: string;
    total: number;
    includeOwner: boolean;
  } & BillExtras &
    BillOriginal,
): Promise<number> {
  return (await row<{ id: number }>(
    db,
    sql`
      INSERT INTO bills (room_id, owner_id, created_by, name, amount_minor, include_owner, split, category, note,
        receipt_picture_id, original_currency, original_amount_minor, rate)
      VALUES (${b.roomId}, ${b.ownerId}, ${b.createdBy}, ${b.name}, ${b.total}, ${b.includeOwner}, ${null},
        ${b.category ?? null}, ${b.note ?? null}, ${b.receiptPictureId ?? null}, ${b.originalCurrency},
        ${b.originalAmount}, ${b.rate}) RETURNING id`,
  ))!.id;
}

/**
 * Issue 36 (migration 0025): a bill entered in another currency than the room's keeps that currency, its amount in
 * it and the rate as entered (null when it was given by what it came to); all null for a bill in the room's.
 */
export type BillOriginal = {
  originalCurrency: string | null;
  originalAmount: number | null;
  rate: string | null;
};

/**
 * The payers of a bill, written anew (migration 0025): rows only for a bill with two or more payers, each with
 * what they paid in the room's currency (`minor`) and in the bill's (`original`); one payer is the bill's owner.
 */
export async function writePaidBy(
  db: Runner,
  billId: number,
  payers: readonly { userId: number; minor: number; original: number }[],
): Promise<void> {
  await db.execute(sql`DELETE FROM bill_paid_by WHERE bill_id = ${billId}`);
  if (payers.length < 2) return;
  await rows(
    db,
    sql`
    INSERT INTO bill_paid_by (bill_id, user_id, amount_minor, original_minor)
    SELECT ${billId}, u, m, o
    FROM unnest(${intArray(payers.map((p) => p.userId))}, ${intArray(payers.map((p) => p.minor))},
      ${intArray(payers.map((p) => p.original))}) AS t(u, m, o)`,
  );
}

/** A bill's category, note and receipt picture (issue 36): null is none; left out (undefined), unchanged. */
export type BillExtras = {
  category?: BillCategory | null;
  note?: string | null;
  receiptPictureId?: string | null;
};

/** An edit's category, note and receipt picture: those given, null clearing them; the others stay. */
export async function updateBillExtras(db: Runner, billId: number, e: BillExtras): Promise<void> {
  const sets: SQL[] = [];
  if (e.category !== undefined) sets.push(sql`category = ${e.category}`);
  if (e.note !== undefined) sets.push(sql`note = ${e.note}`);
  if (e.receiptPictureId !== undefined) sets.push(sql`receipt_picture_id = ${e.receiptPictureId}`);
  if (sets.length > 0)
    await db.execute(sql`UPDATE bills SET ${sql.join(sets, sql`, `)} WHERE id = ${billId}`);
}

/** Who uploaded the picture (null: a deleted account's cover), or undefined when there is no such picture. */
export async function pictureUploader(db: Runner, pictureId: string): Promise<number | null | undefined> {
  return (
    await row<{ uploader_id: number | null }>(
      db,
      sql`SELECT uploader_id FROM pictures WHERE id = ${pictureId}`,
    )
  )?.uploader_id;
}

export async function setBillSplit(db: Runner, billId: number, split: StoredSpec): Promise<void> {
  await db.execute(sql`UPDATE bills SET split = ${JSON.stringify(split)}::jsonb WHERE id = ${billId}`);
}

/**
 * The bill's shares, payers and include_owner, written anew: `users` with their `minors`, in that order; `payers`
 * (none written when empty).
 */
export async function writeShareRows(
  db: Runner,
  billId: number,
  shares: { users: readonly number[]; minors: readonly number[] },
  payers: readonly number[],
  includeOwner: boolean,
): Promise<void> {
  await db.execute(sql`DELETE FROM bill_shares WHERE bill_id = ${billId}`);
  await db.execute(sql`DELETE FROM bill_payers WHERE bill_id = ${billId}`);
  await rows(
    db,
    sql`
    INSERT INTO bill_shares (bill_id, user_id, amount_minor)
    SELECT ${billId}, u, m FROM unnest(${intArray(shares.users)}, ${intArray(shares.minors)}) AS t(u, m)`,
  );
  if (payers.length > 0)
    await rows(
      db,
      sql`INSERT INTO bill_payers (bill_id, user_id) SELECT ${billId}, u FROM unnest(${intArray(payers)}) AS u`,
    );
  await db.execute(sql`UPDATE bills SET include_owner = ${includeOwner} WHERE id = ${billId}`);
}

export type BillForChange = {
  room_id: string;
  receipt_picture_id: string | null;
  owner_id: number;
  created_by: number;
  name: string;
  split: StoredSpec | null;
  amount_minor: number;
  /** Deleted this long ago, in seconds; null for a live bill. */
  deleted_for: number | null;
  original_currency: string | null;
  original_amount_minor: number | null;
  rate: string | null;
  /** The payers of a bill with several (bill_paid_by), ascending user id; [] for one payer, the owner. */
  paid_by: { userId: number; minor: number; original: number }[];
};

/** What a change of the bill checks and starts from (read under its room's lock). */
export function selectBillForChange(db: Runner, billId: number): Promise<BillForChange | undefined> {
  return row<BillForChange>(
    db,
    sql`
    SELECT room_id, owner_id, created_by, name, split, amount_minor, receipt_picture_id,
      extract(epoch FROM now() - deleted_at)::float8 AS deleted_for, original_currency, original_amount_minor, rate,
      COALESCE((SELECT json_agg(json_build_object('userId', p.user_id, 'minor', p.amount_minor,
        'original', p.original_minor) ORDER BY p.user_id) FROM bill_paid_by p WHERE p.bill_id = bills.id), '[]') AS paid_by
    FROM bills WHERE id = ${billId}`,
  );
}

/** An edit: the name when given, the payer, the total, the split and the bill's own currency; `updated_at` now. */
export async function updateBill(
  db: Runner,
  billId: number,
  b: { name: string | null; ownerId: number; total: number; split: StoredSpec } & BillOriginal,
): Promise<void> {
  await db.execute(sql`
      UPDATE bills SET name = COALESCE(${b.name}, name), owner_id = ${b.ownerId}, amount_minor = ${b.total},
        split = ${JSON.stringify(b.split)}::jsonb, original_currency = ${b.originalCurrency},
        original_amount_minor = ${b.originalAmount}, rate = ${b.rate}, updated_at = now()
      WHERE id = ${billId}`);
}

/** The bill's participants, by user id. */
export async function selectParticipants(db: Runner, billId: number): Promise<number[]> {
  return (
    await rows<{ user_id: number }>(
      db,
      sql`SELECT user_id FROM bill_shares WHERE bill_id = ${billId} ORDER BY user_id`,
    )
  ).map((r) => r.user_id);
}

export async function markBillDeleted(db: Runner, billId: number, deletedBy: number): Promise<void> {
  await db.execute(sql`UPDATE bills SET deleted_at = now(), deleted_by = ${deletedBy} WHERE id = ${billId}`);
}

export async function unmarkBillDeleted(db: Runner, billId: number): Promise<void> {
  await db.execute(sql`UPDATE bills SET deleted_at = NULL, deleted_by = NULL WHERE id = ${billId}`);
}

// Deleted accounts (deleted-account-guard.ts).

/** Those of `ids` whose account is deleted. */
export async function deletedAmong(db: Runner, ids: readonly number[]): Promise<number[]> {
  const deleted = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE id = ANY(${intArray(ids)}) AND deleted_at IS NOT NULL`,
  );
  return deleted.map((r) => r.id);
}

/** How many of `ids` have a deleted account. */
export async function countDeleted(db: Runner, ids: readonly number[]): Promise<number> {
  const counted = await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users WHERE id = ANY(${intArray(ids)}) AND deleted_at IS NOT NULL`,
  );
  return counted?.n ?? 0;
}

/** The bill's shares: each participant's, in minor units. */
export function selectShares(
  db: Runner,
  billId: number,
): Promise<{ user_id: number; amount_minor: number }[]> {
  return rows<{ user_id: number; amount_minor: number }>(
    db,
    sql`SELECT user_id, amount_minor FROM bill_shares WHERE bill_id = ${billId}`,
  );
}
