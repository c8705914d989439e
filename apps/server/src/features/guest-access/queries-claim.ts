import { sql } from 'drizzle-orm';
import { row, rows } from '../../db/rows.js';
import type { Tx } from '../rooms/queries.js';

// Claiming a guest into an account (docs/api/README.md#guests, docs/decisions/026-guests.md "Claiming"): every row
// that points at the guest is moved to the account, table by table as the catalogue lists them, so that a table a
// later migration adds is moved too without a change here.

/** A column holding a user id by a foreign key to users (id); `qualified`: the table's schema-qualified name. */
export type UserReference = { table: string; column: string; qualified: string };

/** Every single-column foreign key to users (id), read from the catalogue (pg_constraint). */
export function userReferences(tx: Tx): Promise<UserReference[]> {
  return rows<UserReference>(
    tx,
    sql`SELECT cl.relname::text AS "table", a.attname::text AS "column",
        format('%I.%I', n.nspname, cl.relname) AS qualified
      FROM pg_constraint c
      JOIN pg_class cl ON cl.oid = c.conrelid
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND cardinality(c.conkey) = 1
      ORDER BY 1, 2`,
  );
}

/**
 * The other plain columns of each unique index (or primary key) of `table` that contains `column`: a moved row
 * would clash with an account's row equal on them (NULLs never clash: messages' client ids). Indexes on expressions
 * are left out (friend_requests' only, whose rows claim.ts deletes rather than moves).
 */
export async function uniqueSiblings(tx: Tx, ref: UserReference): Promise<string[][]> {
  const found = await rows<{ cols: string[] }>(
    tx,
    sql`SELECT array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attname <> ${ref.column}) AS cols
      FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = ${ref.qualified}::regclass AND i.indisunique AND NOT (0 = ANY (i.indkey))
      GROUP BY i.indexrelid
      HAVING bool_or(a.attname = ${ref.column})`,
  );
  return found.map((f) => f.cols ?? []);
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
/** The table of a reference, as the catalogue quoted it. */
const tableOf = (ref: UserReference) => sql.raw(ref.qualified);

/** Deletes the guest's rows of one reference (what makes no sense on an account: see claim.ts). */
export async function deleteReferences(tx: Tx, ref: UserReference, guestId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM ${tableOf(ref)} WHERE ${ident(ref.column)} = ${guestId}`);
}

/**
 * Moves the guest's rows of one reference to the account. A guest row that would clash with one of the account's
 * on a unique index (a date vote on the same option) gives way to the account's; the ledger's tables never clash
 * here (claim.ts refuses an account with rows in the room's ledger first).
 */
export async function moveReferences(
  tx: Tx,
  ref: UserReference,
  guestId: number,
  accountId: number,
): Promise<void> {
  const [table, column] = [tableOf(ref), ident(ref.column)];
  for (const siblings of await uniqueSiblings(tx, ref)) {
    const same = siblings.map((c) => sql`a.${ident(c)} = g.${ident(c)}`);
    await tx.execute(sql`
      DELETE FROM ${table} g WHERE g.${column} = ${guestId}
        AND EXISTS (SELECT 1 FROM ${table} a WHERE a.${column} = ${accountId}
          ${same.length ? sql`AND ${sql.join(same, sql` AND `)}` : sql``})`);
  }
  await tx.execute(sql`UPDATE ${table} SET ${column} = ${accountId} WHERE ${column} = ${guestId}`);
}

/**
 * The guest's payment handles after the account's own (decision: the account's come first), skipping one the
 * account has already (same kind and value), as many as the list's 10 places allow; the guest's rows then go.
 * Both lists are taken under their replacement lock (payments/queries.ts), in id order.
 */
export async function mergePaymentMethods(tx: Tx, guestId: number, accountId: number): Promise<void> {
  for (const id of [guestId, accountId].sort((a, b) => a - b))
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payment_methods:${id}`}))`);
  await tx.execute(sql`
    INSERT INTO payment_methods (user_id, position, kind, value, name)
    SELECT ${accountId}, pos, kind, value, name FROM (
      SELECT (COALESCE((SELECT max(position) + 1 FROM payment_methods WHERE user_id = ${accountId}), 0)
          + row_number() OVER (ORDER BY g.position) - 1)::smallint AS pos, g.kind, g.value, g.name
      FROM payment_methods g
      WHERE g.user_id = ${guestId} AND NOT EXISTS (
        SELECT 1 FROM payment_methods a WHERE a.user_id = ${accountId} AND a.kind = g.kind AND a.value = g.value)
    ) moved WHERE pos < 10`);
  await tx.execute(sql`DELETE FROM payment_methods WHERE user_id = ${guestId}`);
}

/** The split as sent, with `guestId` as `accountId` wherever it names a person (`userId`, `userIds`). */
export function splitNaming(split: unknown, guestId: number, accountId: number): unknown {
  const swap = (id: unknown) => (id === guestId ? accountId : id);
  if (Array.isArray(split)) return split.map((v) => splitNaming(v, guestId, accountId));
  if (split === null || typeof split !== 'object') return split;
  return Object.fromEntries(
    Object.entries(split).map(([k, v]) => {
      if (k === 'userId') return [k, swap(v)];
      if (k === 'userIds' && Array.isArray(v)) return [k, v.map(swap)];
      return [k, splitNaming(v, guestId, accountId)];
    }),
  );
}

/**
 * A bill's split as it was sent (bills.split, migration 0003) names people by id in JSON, without a foreign key:
 * an edit computes the shares again from it, so the room's bills that name the guest there name the account.
 */
export async function moveSplits(tx: Tx, roomId: string, guestId: number, accountId: number) {
  const found = await rows<{ id: number; split: unknown }>(
    tx,
    sql`SELECT id, split FROM bills WHERE room_id = ${roomId} AND split IS NOT NULL`,
  );
  for (const b of found) {
    const moved = splitNaming(b.split, guestId, accountId);
    if (JSON.stringify(moved) !== JSON.stringify(b.split))
      await tx.execute(sql`UPDATE bills SET split = ${JSON.stringify(moved)}::jsonb WHERE id = ${b.id}`);
  }
}

/** The room's activity names sides of a payment by id without a foreign key (migration 0020): those move too. */
export async function moveActivitySides(tx: Tx, roomId: string, guestId: number, accountId: number) {
  await tx.execute(sql`UPDATE room_activity SET payer_id = ${accountId}
    WHERE room_id = ${roomId} AND payer_id = ${guestId}`);
  await tx.execute(sql`UPDATE room_activity SET payee_id = ${accountId}
    WHERE room_id = ${roomId} AND payee_id = ${guestId}`);
}

/** Whether the account already has money in the room: a bill it paid (alone or with others) or shares, or a payment either way. */
export async function hasLedgerRows(tx: Tx, roomId: string, accountId: number): Promise<boolean> {
  const found = await row<{ yes: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM bills b WHERE b.room_id = ${roomId} AND b.owner_id = ${accountId})
      OR EXISTS (SELECT 1 FROM bill_payers p JOIN bills b ON b.id = p.bill_id
                 WHERE b.room_id = ${roomId} AND p.user_id = ${accountId})
      OR EXISTS (SELECT 1 FROM bill_shares s JOIN bills b ON b.id = s.bill_id
                 WHERE b.room_id = ${roomId} AND s.user_id = ${accountId})
      OR EXISTS (SELECT 1 FROM bill_paid_by p JOIN bills b ON b.id = p.bill_id
                 WHERE b.room_id = ${roomId} AND p.user_id = ${accountId})
      OR EXISTS (SELECT 1 FROM transactions t
                 WHERE t.room_id = ${roomId} AND (t.payer_id = ${accountId} OR t.payee_id = ${accountId})) AS yes`,
  );
  return found!.yes;
}

/** The guest's users row, locked, if it is still a guest (its room). */
export async function lockGuest(tx: Tx, guestId: number): Promise<{ guest_room_id: string } | undefined> {
  return row<{ guest_room_id: string }>(
    tx,
    sql`SELECT guest_room_id FROM users WHERE id = ${guestId} AND guest_room_id IS NOT NULL
      AND deleted_at IS NULL FOR UPDATE`,
  );
}

/** A pending invite of the account to the room counts as accepted, as joining makes it (rooms' insertMember). */
export async function acceptPendingInvite(tx: Tx, roomId: string, accountId: number): Promise<void> {
  await tx.execute(sql`UPDATE invites SET status = 'accepted', responded_at = now()
    WHERE room_id = ${roomId} AND user_id = ${accountId} AND status = 'pending'`);
}

export async function deleteGuestUser(tx: Tx, guestId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM users WHERE id = ${guestId} AND guest_room_id IS NOT NULL`);
}
