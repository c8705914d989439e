import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { CreateTransactionBody, SettleWithBody, Transaction } from '@outing/contract';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, readResolved, storeNotifications, type Pending } from '../notifications/service.js';
import { checkCurrency } from '../rooms/checks.js';
import { isMember, lockRoom, type Tx } from '../rooms/queries.js';
import type { BillsContext, Me } from './access.js';
import { ledgerChanged, reconcile, recordActivity, type Reconciled } from './ledger.js';
import { ledgerConsolidation } from './queries-ledger.js';
import {
  insertPayment,
  insertTransactionEvent,
  pairUsernames,
  selectDebts,
  selectTransactionById,
  selectTransactionsByIds,
} from './queries-transactions.js';
import { amountOrBadRequest } from './split-input.js';

type Payment = {
  roomId: string;
  roomName: string;
  currency: string;
  payerId: number;
  payeeId: number;
  minor: number;
  note: string;
};

type Made = { id: number; status: 'paid' | 'confirmed'; pending: Pending[]; ledger: Reconciled };

/**
 * Writes one payment under its room's lock: by the payer it is `paid` (awaiting the payee), by the payee it is
 * `confirmed` at once ("I received it"). A history line, an activity line, the other side told (to where the next
 * action is), then the room's unpaid transactions brought to its ledger.
 */
async function writePayment(tx: Tx, me: Me, p: Payment): Promise<Made> {
  const byPayer = me.id === p.payerId;
  const ledgerId = await ledgerConsolidation(tx, p.roomId, me.id);
  const id = await insertPayment(tx, ledgerId, p, byPayer);
  await insertTransactionEvent(tx, id, me.id, byPayer ? 'settled' : 'received');
  await recordActivity(tx, {
    roomId: p.roomId,
    actorId: me.id,
    kind: byPayer ? 'payment_recorded' : 'payment_received',
    transactionId: id,
  });
  const ledger = await reconcile(tx, p.roomId, me.id);
  const money = formatMoney(p.minor, p.currency);
  const names = await pairUsernames(tx, p.payerId, p.payeeId);
  const nameOf = (userId: number) => names.find((n) => n.id === userId)?.username ?? '';
  // A payment the payer records asks the payee to confirm it; one the payee records tells the payer it arrived.
  const read = byPayer ? [] : await readResolved(tx, { transactionId: id, userIds: [p.payerId, p.payeeId] });
  const stored = await storeNotifications(tx, [
    {
      userId: byPayer ? p.payeeId : p.payerId,
      kind: byPayer ? 'transaction_paid' : 'transaction_confirmed',
      ...(byPayer
        ? {
            title: 'Payment to confirm',
            content: `${me.username} says they paid you ${money} for ${p.roomName}. Confirm it when it arrives.`,
          }
        : {
            title: 'Payment received',
            content: `${me.username} says they received ${money} from you for ${p.roomName}.`,
          }),
      // The payee confirms from Home's "Waiting for you to confirm"; the payer sees the room's money.
      url: byPayer ? '/' : `/room/${p.roomId}`,
      roomId: p.roomId,
      transactionIds: [id],
      actorId: me.id,
      params: {
        username: nameOf(me.id),
        roomName: p.roomName,
        amount: minorToAmount(p.minor, currencyExponent(p.currency)),
        currency: p.currency,
      },
    },
  ]);
  return { id, status: byPayer ? 'paid' : 'confirmed', pending: [...read, ...stored], ledger };
}

async function announce(ctx: BillsContext, made: Made[], p: Payment[]) {
  for (const [i, m] of made.entries()) {
    const payment = p[i]!;
    const people = [payment.payerId, payment.payeeId];
    await ctx.hub.toUsers(people, {
      type: 'TRANSACTION_SETTLED',
      data: { transactionId: m.id, roomId: payment.roomId },
    });
    await ctx.hub.toUsers(people, {
      type: 'TRANSACTION_UPDATED',
      data: { transactionId: m.id, roomId: payment.roomId, status: m.status },
    });
    await ledgerChanged(ctx, payment.roomId, m.ledger);
  }
}

/**
 * `POST /transactions`: a payment of any amount between two members of the room (open or closed), recorded by the
 * payer or by the payee (docs/money.md). Paying more than owed turns the debt around.
 */
export async function recordPayment(
  ctx: BillsContext,
  me: Me,
  body: CreateTransactionBody,
): Promise<Transaction> {
  if (me.id !== body.payerId && me.id !== body.payeeId)
    throw forbidden('You can only record a payment you made or received.', 'NOT_PAYMENT_PARTY');
  if (body.payerId === body.payeeId) {
    const message = 'The payer and the payee must be two different people.';
    throw badRequest(message, [{ path: 'payeeId', message }]);
  }
  const { made, payment } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, body.roomId);
    if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
    if (!(await isMember(tx, body.roomId, me.id)))
      throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
    const other = me.id === body.payerId ? body.payeeId : body.payerId;
    if (!(await isMember(tx, body.roomId, other))) {
      const path = me.id === body.payerId ? 'payeeId' : 'payerId';
      const message = 'Both people must be members of the room.';
      throw badRequest(message, [{ path, message }]);
    }
    const minor = amountOrBadRequest(body.amount, currencyExponent(room.currency));
    const payment: Payment = {
      roomId: body.roomId,
      roomName: room.name,
      currency: room.currency,
      payerId: body.payerId,
      payeeId: body.payeeId,
      minor,
      note: body.note ?? '',
    };
    return { made: await writePayment(tx, me, payment), payment };
  });
  deliver(ctx.events, made.pending);
  await announce(ctx, [made], [payment]);
  return (await selectTransactionById(ctx.db, me.id, made.id))!;
}

/**
 * `POST /users/{id}/settle` (self): pays `userId` up to `amount` in the rooms of `currency` where the caller owes
 * them, oldest room first, each up to what is owed there, in one database transaction. More than the total owed
 * is 400. Each payment notifies the payee once.
 */
export async function settleWith(ctx: BillsContext, me: Me, body: SettleWithBody): Promise<Transaction[]> {
  if (body.userId === me.id) {
    const message = 'You cannot settle with yourself.';
    throw badRequest(message, [{ path: 'userId', message }]);
  }
  const exponent = currencyExponent(checkCurrency(body.currency, 'currency'));
  const wanted = amountOrBadRequest(body.amount, exponent);
  const { made, payments } = await ctx.db.transaction(async (tx) => {
    const debts = () => selectDebts(tx, me.id, body.userId, body.currency);
    // The rooms are locked in one order (by id) whatever the order they are paid in, as every change locks them.
    const rooms = [...new Set((await debts()).map((d) => d.room_id))].sort();
    for (const roomId of rooms) await lockRoom(tx, roomId);
    const owed = await debts();
    const total = owed.reduce((sum, d) => sum + d.minor, 0);
    if (total === 0) {
      const message = `You owe them nothing in ${body.currency}.`;
      throw badRequest(message, [{ path: 'userId', message }]);
    }
    if (wanted > total) {
      const message = `That is more than you owe them: ${formatMoney(total, body.currency)} in all.`;
      throw badRequest(message, [{ path: 'amount', message }]);
    }
    let left = wanted;
    const payments: Payment[] = [];
    for (const d of owed) {
      if (left === 0) break;
      const minor = Math.min(left, d.minor);
      left -= minor;
      payments.push({
        roomId: d.room_id,
        roomName: d.room_name,
        currency: body.currency,
        payerId: me.id,
        payeeId: body.userId,
        minor,
        note: body.note ?? '',
      });
    }
    const made = [];
    for (const p of payments) made.push(await writePayment(tx, me, p));
    return { made, payments };
  });
  deliver(
    ctx.events,
    made.flatMap((m) => m.pending),
  );
  await announce(ctx, made, payments);
  return selectTransactionsByIds(
    ctx.db,
    me.id,
    made.map((m) => m.id),
  );
}
