import { sql, type SQL } from 'drizzle-orm';
import { currencyExponent, minorToAmount, type BillSplitSpec } from '@outing/ledger';
import type { Bill, BillCategory, Transaction } from '@outing/contract';
import { fromSpec } from './split-input.js';
import { row, rows } from '../../db/rows.js';
import { pictureUrl, type Runner } from '../rooms/queries.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { usOf } from '../../lib/cursor.js';
import { guestMark } from '../users/guest-mark.js';

/** A list of ids (or amounts) bound as one `int[]` parameter: one statement text whatever its length (db/arrays.ts). */
export { intArray } from '../../db/arrays.js';

type BillRow = {
  id: number;
  room_id: string;
  owner_id: number;
  name: string;
  amount_minor: number;
  include_owner: boolean;
  created_at: string;
  consolidation_id: number | null;
  payers: number[];
  created_by: number;
  split: StoredSpec | null;
  updated_at: string;
  currency: string;
  /** [userId, minor] of every participant, ascending user id. */
  shares: [number, number][];
  owner_username: string;
  owner_display_name: string;
  owner_email: string;
  owner_picture_url: string;
  owner_is_guest: boolean;
  owner_visible: boolean;
  /** Issue 36: null when the bill has none. */
  category: BillCategory | null;
  note: string | null;
  receipt_picture_id: string | null;
  /** Issue 36, real bills (migration 0025): the bill's own currency, its amount in it and the rate; null: the room's. */
  original_currency: string | null;
  original_amount_minor: number | null;
  rate: string | null;
  /** [userId, minor in the room's currency, minor in the bill's] of each payer of a bill with several; else []. */
  paid_by: [number, number, number][];
};

/**
 * The split as stored: the ledger's spec, in the bill's currency; an itemised bill's charges also carry their rounded
 * `minor`, and an item for "all" is stored with the members it was resolved to when the bill was saved.
 */
export type StoredSpec = BillSplitSpec;
type StoredCharge = { minor?: number };

/** With `limit`, at most that many, each with its keyset key (`key_us`, created_at in microseconds, and id). */
export async function selectBills(db: Runner, viewerId: number, where: SQL): Promise<Bill[]>;
export async function selectBills(
  db: Runner,
  viewerId: number,
  where: SQL,
  limit: number,
): Promise<(Bill & { keyUs: string })[]>;
export async function selectBills(db: Runner, viewerId: number, where: SQL, limit?: number) {
  const read = await rows<BillRow & { key_us: string }>(
    db,
    sql`
    SELECT b.*, r.currency, ${usOf(sql`b.created_at`)} AS key_us, u.username AS owner_username, u.display_name AS owner_display_name, u.email AS owner_email, u.picture_url AS owner_picture_url,
      (u.guest_room_id IS NOT NULL) AS owner_is_guest,
      (u.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)) AS owner_visible,
      COALESCE((SELECT array_agg(p.user_id ORDER BY p.user_id) FROM bill_payers p WHERE p.bill_id = b.id), '{}') AS payers,
      COALESCE((SELECT json_agg(json_build_array(s.user_id, s.amount_minor) ORDER BY s.user_id)
        FROM bill_shares s WHERE s.bill_id = b.id), '[]') AS shares,
      COALESCE((SELECT json_agg(json_build_array(p.user_id, p.amount_minor, p.original_minor) ORDER BY p.user_id)
        FROM bill_paid_by p WHERE p.bill_id = b.id), '[]') AS paid_by
    FROM bills b JOIN users u ON u.id = b.owner_id JOIN rooms r ON r.id = b.room_id
    WHERE ${where}
    ORDER BY b.created_at DESC, b.id DESC ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`,
  );
  return limit === undefined
    ? read.map((b) => toBill(b))
    : read.map((b) => ({ ...toBill(b), keyUs: b.key_us }));
}

function toBill(b: BillRow): Bill {
  const exponent = currencyExponent(b.currency);
  // Issue 36: the bill's own currency (the room's unless entered in another); its split is in that currency.
  const billCurrency = b.original_currency ?? b.currency;
  const billExponent = currencyExponent(billCurrency);
  const originalMinor = b.original_amount_minor ?? b.amount_minor;
  // A bill from before splits reads as the equal split of its participants (docs/api/README.md#splitting).
  const split = b.split
    ? fromSpec(
        b.split,
        billExponent,
        b.split.mode === 'items'
          ? b.split.charges.map((c) => ({ minor: (c as StoredCharge).minor ?? 0 }))
          : undefined,
      )
    : ({ mode: 'equal', userIds: b.shares.map(([id]) => id) } as const);
  // One payer: no rows in bill_paid_by, the owner paid it all (docs/api/README.md#bills, "Several payers").
  const paidBy: [number, number, number][] =
    b.paid_by.length > 0 ? b.paid_by : [[b.owner_id, b.amount_minor, originalMinor]];
  const subtotal =
    b.split?.mode === 'items' ? b.split.items.reduce((sum, item) => sum + item.minor, 0) : originalMinor;
  return {
    id: b.id,
    name: b.name,
    amount: minorToAmount(b.amount_minor, exponent),
    includeOwner: b.include_owner,
    date: isoTimestamp(b.created_at),
    roomId: b.room_id,
    payers: b.payers.map(Number),
    ownerId: b.owner_id,
    owner: {
      id: b.owner_id,
      username: b.owner_username,
      displayName: b.owner_display_name,
      email: b.owner_visible ? b.owner_email : '',
      pictureUrl: b.owner_picture_url,
      ...guestMark(b.owner_is_guest),
    },
    consolidationId: b.consolidation_id,
    shares: b.shares.map(([userId, minor]) => ({ userId, amount: minorToAmount(minor, exponent) })),
    split,
    createdBy: b.created_by,
    currency: billCurrency,
    updatedAt: isoTimestamp(b.updated_at),
    category: b.category,
    note: b.note,
    receiptPictureId: b.receipt_picture_id,
    receiptPictureUrl: b.receipt_picture_id ? pictureUrl(b.receipt_picture_id) : null,
    paidBy: paidBy.map(([userId, minor]) => ({ userId, amount: minorToAmount(minor, exponent) })),
    originalPaidBy: paidBy.map(([userId, , original]) => ({
      userId,
      amount: minorToAmount(original, billExponent),
    })),
    subtotal: minorToAmount(subtotal, billExponent),
    originalAmount: minorToAmount(originalMinor, billExponent),
    rate: b.rate,
    roomCurrency: b.currency,
  };
}

type TxRow = {
  key_us?: string;
  id: number;
  consolidation_id: number;
  room_id: string;
  room_name: string;
  payer_id: number;
  payee_id: number;
  amount_minor: number;
  is_paid: boolean;
  paid_on: string | null;
  currency: string;
  status: Transaction['status'];
  confirmed_on: string | null;
  note: string;
  payer_username: string;
  payer_display_name: string;
  /** '' unless the payer is the viewer or the viewer's friend; the same for the payee. */
  payer_email: string;
  payer_picture_url: string;
  /** `users.guest_room_id IS NOT NULL` (decision 026); the same for the payee. */
  payer_is_guest: boolean;
  payee_username: string;
  payee_display_name: string;
  payee_email: string;
  payee_picture_url: string;
  payee_is_guest: boolean;
};

export async function selectTransactions(
  db: Runner,
  viewerId: number,
  where: SQL,
  order: SQL = sql`t.id`,
  page?: { key: SQL; limit: number },
): Promise<(Transaction & { keyUs?: string })[]> {
  // A person's email only for the viewer and the viewer's friends ('' otherwise).
  const email = (col: SQL, user: SQL) =>
    sql`CASE WHEN ${col} = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = ${col})
      THEN ${user}.email ELSE '' END`;
  const read = await rows<TxRow>(
    db,
    sql`
    SELECT t.id, t.consolidation_id, t.room_id, t.payer_id, t.payee_id, t.amount_minor, t.is_paid, t.paid_on,
      t.status, t.confirmed_on, t.note,
      r.name AS room_name, r.currency,
      a.username AS payer_username, a.display_name AS payer_display_name,
      ${email(sql`t.payer_id`, sql`a`)} AS payer_email, a.picture_url AS payer_picture_url,
      (a.guest_room_id IS NOT NULL) AS payer_is_guest,
      e.username AS payee_username, e.display_name AS payee_display_name,
      ${email(sql`t.payee_id`, sql`e`)} AS payee_email, e.picture_url AS payee_picture_url,
      (e.guest_room_id IS NOT NULL) AS payee_is_guest
      ${page ? sql`, ${usOf(page.key)} AS key_us` : sql``}
    FROM ${
      // A page is cut before the joins, so that they and the emails' EXISTS run for the page's rows only, not for
      // every transaction of the list.
      page
        ? sql`(SELECT * FROM transactions t WHERE ${where} ORDER BY ${order} LIMIT ${page.limit}) t`
        : sql`transactions t`
    }
      JOIN rooms r ON r.id = t.room_id
      JOIN users a ON a.id = t.payer_id
      JOIN users e ON e.id = t.payee_id
    ${page ? sql`` : sql`WHERE ${where}`}
    ORDER BY ${order}`,
  );
  return read.map((t) => ({
    id: t.id,
    consolidationId: t.consolidation_id,
    roomId: t.room_id,
    roomName: t.room_name,
    payerId: t.payer_id,
    payer: {
      id: t.payer_id,
      username: t.payer_username,
      displayName: t.payer_display_name,
      email: t.payer_email,
      pictureUrl: t.payer_picture_url,
      ...guestMark(t.payer_is_guest),
    },
    payeeId: t.payee_id,
    payee: {
      id: t.payee_id,
      username: t.payee_username,
      displayName: t.payee_display_name,
      email: t.payee_email,
      pictureUrl: t.payee_picture_url,
      ...guestMark(t.payee_is_guest),
    },
    amount: minorToAmount(t.amount_minor, currencyExponent(t.currency)),
    isPaid: t.is_paid,
    paidOn: t.paid_on ? isoTimestamp(t.paid_on) : null,
    currency: t.currency,
    status: t.status,
    confirmedOn: t.confirmed_on ? isoTimestamp(t.confirmed_on) : null,
    note: t.note,
    ...(page ? { keyUs: t.key_us } : {}),
  }));
}

/** The room of a bill (a deleted one too), or undefined when there is no such bill. */
export async function billRoomId(db: Runner, billId: number): Promise<string | undefined> {
  return (await row<{ room_id: string }>(db, sql`SELECT room_id FROM bills WHERE id = ${billId}`))?.room_id;
}

/** The room's currency (the room exists). */
export async function roomCurrency(db: Runner, roomId: string): Promise<string> {
  return (await row<{ currency: string }>(db, sql`SELECT currency FROM rooms WHERE id = ${roomId}`))!
    .currency;
}

/** The ids of the room's members. */
export async function selectMemberIds(db: Runner, roomId: string): Promise<number[]> {
  return (
    await rows<{ user_id: number }>(db, sql`SELECT user_id FROM room_members WHERE room_id = ${roomId}`)
  ).map((r) => r.user_id);
}

export async function roomExists(db: Runner, roomId: string): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM rooms WHERE id = ${roomId}`)).length > 0;
}

export type SummaryOwnerRow = {
  owner_id: number;
  n: number;
  /** Minor units; a float8 of a bigint sum, exact far beyond any room's total. */
  total: number;
  username: string;
  display_name: string;
  email: string;
  picture_url: string;
  is_guest: boolean;
  currency: string;
};

/**
 * The room's live bills per owner (who paid it, or of several payers who paid most): how many, their total; the
 * owner of the newest bill first; the owner's email only for the viewer and the viewer's friends. One aggregate over `bills_room_owner_idx` (migration
 * 0017: an index-only scan, the amounts are in the index), so it costs the room's bills, never a read of them.
 */
export function selectBillsSummary(db: Runner, viewerId: number, roomId: string): Promise<SummaryOwnerRow[]> {
  return rows<SummaryOwnerRow>(
    db,
    sql`
    SELECT s.owner_id, s.n, s.total, u.username, u.display_name, u.picture_url, (u.guest_room_id IS NOT NULL) AS is_guest, r.currency,
      CASE WHEN u.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)
        THEN u.email ELSE '' END AS email
    FROM (
      SELECT b.owner_id, count(*)::int AS n, sum(b.amount_minor)::float8 AS total,
        max(b.created_at) AS newest, max(b.id) AS newest_id
      FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL GROUP BY b.owner_id
    ) s
      JOIN users u ON u.id = s.owner_id
      JOIN rooms r ON r.id = ${roomId}
    ORDER BY s.newest DESC, s.newest_id DESC`,
  );
}
