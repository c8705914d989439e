import { currencyExponent } from '@outing/ledger';
import type { Bill } from '@outing/contract';
import { formatMoney } from '../../lib/money.js';
import { storeNotifications, type Pending } from '../notifications/service.js';
import type { Tx } from '../rooms/queries.js';
import type { Me } from './access.js';

export type BillNotice = 'bill_added' | 'bill_changed' | 'bill_deleted' | 'bill_restored';

/**
 * Adding, editing, deleting or restoring a bill tells every member with a share in it or who paid part of it (every
 * payer of a bill with several), except the one who did it (one notification each, to the bill;
 * docs/notifications.md). An edit also tells whoever was in it before.
 */
export async function tellOfBill(
  tx: Tx,
  me: Me,
  room: { id: string; name: string; currency: string },
  bill: Bill,
  kind: BillNotice,
  before?: { amount: number; people: number[] },
): Promise<Pending[]> {
  const people = new Set([...billPeople(bill), ...(before?.people ?? [])]);
  people.delete(me.id);
  if (people.size === 0) return [];
  const exponent = currencyExponent(room.currency);
  const money = (amount: number) => formatMoney(Math.round(amount * 10 ** exponent), room.currency);
  const name = `“${bill.name}”`;
  const text: Record<BillNotice, { title: string; content: string }> = {
    bill_added: {
      title: 'New bill',
      content: `${me.username} added ${name} (${money(bill.amount)}) in ${room.name}.`,
    },
    bill_changed: {
      title: 'Bill changed',
      content:
        before && before.amount !== bill.amount
          ? `${me.username} changed ${name} in ${room.name} from ${money(before.amount)} to ${money(bill.amount)}.`
          : `${me.username} changed ${name} in ${room.name}.`,
    },
    bill_deleted: {
      title: 'Bill deleted',
      content: `${me.username} deleted ${name} (${money(bill.amount)}) in ${room.name}.`,
    },
    bill_restored: {
      title: 'Bill restored',
      content: `${me.username} restored ${name} (${money(bill.amount)}) in ${room.name}.`,
    },
  };
  return storeNotifications(
    tx,
    [...people].map((userId) => ({
      userId,
      kind,
      ...text[kind],
      url: `/room/${room.id}?bill=${bill.id}`,
      roomId: room.id,
      actorId: me.id,
      params: {
        username: me.username,
        roomName: room.name,
        billName: bill.name,
        amount: bill.amount,
        currency: room.currency,
        ...(before && before.amount !== bill.amount ? { previousAmount: before.amount } : {}),
      },
    })),
  );
}

/** Everyone a bill concerns: its owner, every payer and everyone with a share. */
export function billPeople(bill: Bill): number[] {
  return [bill.ownerId, ...(bill.paidBy ?? []).map((p) => p.userId), ...bill.shares.map((s) => s.userId)];
}
