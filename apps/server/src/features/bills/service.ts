import type { Bill, CursorQuery } from '@outing/contract';
import { decodeCursor, keysetPage, pageLimit, wantsPage } from '../../lib/cursor.js';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import { selectRoomBills } from './queries-bills.js';

// The bills' service, by topic: creating (service-create.ts), editing (service-edit.ts), deleting and restoring
// (service-delete.ts), the checks they share (service-checks.ts); listing is here. Callers import it all from here.

export type { BillsContext, Me } from './access.js';

export { consolidate, consolidationStatus, roomBalances, roomRounds } from './rounds.js';
export { exportRoomCsv } from './export-csv.js';
export { billsSummary } from './bills-summary.js';
export { listTransactions, settleTransaction } from './transactions.js';
export { remind } from './payment-reminders.js';
export { createBill } from './service-create.js';
export { editBill } from './service-edit.js';
export { deleteBill, restoreBill, RESTORE_DAYS } from './service-delete.js';

/**
 * A room's bills, newest first (members only), or only those `ownerId` paid. With `limit`/`cursor`
 * (docs/pagination.md), a keyset page on (created_at, id) and its `nextCursor`; without, all of them as before.
 */
export async function listBills(
  ctx: BillsContext,
  me: Me,
  roomId: string,
  q: CursorQuery & { ownerId?: number } = {},
): Promise<{ bills: Bill[]; nextCursor?: string | null }> {
  await requireMemberOf(ctx.db, roomId, me.id);
  if (!wantsPage(q)) return { bills: await selectRoomBills(ctx.db, me.id, roomId, q.ownerId) };
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'bills') : undefined;
  const limit = pageLimit(q);
  const rows = await selectRoomBills(ctx.db, me.id, roomId, q.ownerId, { before, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (b) => [b.keyUs, b.id]);
  return { bills: page.map(({ keyUs: _, ...b }) => b), nextCursor };
}
