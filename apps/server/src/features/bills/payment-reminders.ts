import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { NotificationParams } from '@outing/contract';
import { badRequest, forbidden, tooMany } from '../../lib/errors.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, storeNotifications } from '../notifications/service.js';
import { nameOf } from '../notifications/actor-names.js';
import { getPaymentMethods } from '../payments/service.js';
import type { BillsContext, Me } from './access.js';
import {
  insertReminder,
  isDeletedUser,
  lockReminderPair,
  reminderWait,
  selectOwed,
} from './queries-transactions.js';

/**
 * The reminder (docs/notifications.md, safety): only the payee of an unpaid transaction may remind its payer, at most
 * once an hour per pair. Stored and delivered like every notification. Its text is the client's, followed by what
 * is owed for which room (formatted in each room's currency) and, when the payee has payment handles, where to see
 * how to pay them: the pay sheet, which reads the handles when it opens, so a reminder never shows old ones.
 */
export async function remind(ctx: BillsContext, me: Me, payerId: number, title: string, content: string) {
  const pending = await ctx.db.transaction(async (tx) => {
    const owed = await selectOwed(tx, me.id, payerId);
    if (owed.length === 0) throw forbidden('You can only remind someone who owes you money.', 'NOT_OWED');
    // Their debt stays (docs/accounts.md), but a deleted account is nobody to remind (issue 32 item 4).
    if (await isDeletedUser(tx, payerId)) {
      const message = 'This account was deleted: there is nobody to remind.';
      throw badRequest(message, [{ path: 'userId', message }]);
    }
    await lockReminderPair(tx, me.id, payerId);
    const wait = await reminderWait(tx, me.id, payerId);
    if (wait && wait > 0)
      throw tooMany('You already reminded them in the last hour.', 'REMINDED_RECENTLY', wait);
    await insertReminder(tx, me.id, payerId);
    const text = [content, await reminderContext(ctx, me, await nameOf(tx, me), owed)]
      .join('\n')
      .slice(0, 1000);
    return storeNotifications(tx, [
      {
        userId: payerId,
        kind: 'payment_reminder',
        title,
        content: text,
        // Home: its To Pay list has every debt the reminder is about, whatever the room.
        url: '/',
        transactionIds: owed.flatMap((o) => o.ids),
        actorId: me.id,
        params: reminderParams(me, owed),
      },
    ]);
  });
  deliver(ctx.events, pending);
  // A reminder is stored whatever the payer's preferences say (kinds.ts, NOTIFY_EXEMPT).
  const [stored] = pending;
  if (!stored || !('notification' in stored)) throw new Error('the reminder was not stored');
  return stored.notification;
}

/**
 * The params a client writes the reminder from in another language (docs/notifications.md): the payee, and what is
 * owed to them in all, when every debt named is in one currency. Owed in several currencies, there is no one amount
 * to give: only the payee, and the client keeps the English text.
 */
function reminderParams(me: Me, owed: { currency: string; minor: string }[]): NotificationParams {
  const currency = owed[0]?.currency;
  if (!currency || owed.some((o) => o.currency !== currency)) return { username: me.username };
  const minor = owed.reduce((sum, o) => sum + Number(o.minor), 0);
  return { username: me.username, amount: minorToAmount(minor, currencyExponent(currency)), currency };
}

async function reminderContext(
  ctx: BillsContext,
  me: Me,
  /** How the payer knows the payee: their display name where set (docs/notifications.md). */
  name: string,
  owed: { room_name: string; currency: string; minor: string }[],
): Promise<string> {
  const parts = owed.slice(0, 5).map((o) => `${formatMoney(Number(o.minor), o.currency)} for ${o.room_name}`);
  const more = owed.length > 5 ? ` and ${owed.length - 5} more` : '';
  // Not the handles themselves: the stored text would keep them after the payee changes them (issue 32). The pay
  // sheet of each debt under Home's "To pay" reads them when opened (GET /transactions/{id}/payment-options).
  const hasHandles = (await getPaymentMethods({ db: ctx.db }, me.id)).length > 0;
  return [
    `You owe ${name} ${parts.join(', ')}${more}.`,
    ...(hasHandles ? [`Open "To pay" in Outing to see how to pay ${name}.`] : []),
  ].join('\n');
}
