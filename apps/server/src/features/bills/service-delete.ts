import type { Bill } from '@outing/contract';
import { conflict } from '../../lib/errors.js';
import { deliver } from '../notifications/service.js';
import { ledgerChanged, reconcile, recordActivity } from './ledger.js';
import type { BillsContext, Me } from './access.js';
import { tellOfBill } from './bill-notices.js';
import { namesDeleted, storedParts } from './deleted-account-guard.js';
import { markBillDeleted, selectBillById, unmarkBillDeleted } from './queries-bills.js';
import { lockBillForChange } from './service-checks.js';

/** How long a deleted bill can be restored. */
export const RESTORE_DAYS = 30;

/**
 * Its creator, its payer or the host, while the room is open: the bill leaves every list and balance at once and
 * can be restored for 30 days (`restoreBill`).
 */
export async function deleteBill(ctx: BillsContext, me: Me, billId: number): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'delete');
    const was = (await selectBillById(tx, me.id, billId))!;
    await markBillDeleted(tx, billId, me.id);
    await recordActivity(tx, { roomId: bill.room_id, actorId: me.id, kind: 'bill_deleted', billId });
    const ledger = await reconcile(tx, bill.room_id, me.id);
    const pending = await tellOfBill(tx, me, room, was, 'bill_deleted');
    return { roomId: bill.room_id, ledger, pending };
  });
  deliver(ctx.events, done.pending);
  const { roomId } = done;
  // BILL_CREATED is what the original client refreshes its bills on; BILL_UPDATED names the bill.
  await ledgerChanged(
    ctx,
    roomId,
    done.ledger,
    { type: 'BILL_DELETED', data: { roomId, billId } },
    { type: 'BILL_CREATED', data: { roomId } },
    { type: 'BILL_UPDATED', data: { roomId, billId } },
  );
}

/** `POST /bills/{id}/restore`: who could delete it, within 30 days of the delete; 409 when it is not deleted. */
export async function restoreBill(ctx: BillsContext, me: Me, billId: number): Promise<Bill> {
  const done = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'restore', true);
    if (bill.deleted_for === null) throw conflict('This bill is not deleted.', 'BILL_NOT_DELETED');
    if (bill.deleted_for > RESTORE_DAYS * 86_400)
      throw conflict(
        `A bill can be restored for ${RESTORE_DAYS} days after it was deleted.`,
        'RESTORE_EXPIRED',
      );
    // Deleted before someone in it deleted their account: back in the ledger, their part could never be settled.
    if (await namesDeleted(tx, await storedParts(tx, billId, bill.owner_id, bill.amount_minor)))
      throw conflict(
        'This bill names a deleted account: restored, it would leave a debt nobody can settle.',
        'DELETED_ACCOUNT_IN_BILL',
      );
    await unmarkBillDeleted(tx, billId);
    await recordActivity(tx, { roomId: bill.room_id, actorId: me.id, kind: 'bill_restored', billId });
    const ledger = await reconcile(tx, bill.room_id, me.id);
    const restored = (await selectBillById(tx, me.id, billId))!;
    const pending = await tellOfBill(tx, me, room, restored, 'bill_restored');
    return { restored, ledger, pending };
  });
  deliver(ctx.events, done.pending);
  const { roomId } = done.restored;
  await ledgerChanged(
    ctx,
    roomId,
    done.ledger,
    { type: 'BILL_CREATED', data: { roomId } },
    { type: 'BILL_UPDATED', data: { roomId, billId } },
  );
  return done.restored;
}
