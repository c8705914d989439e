import type { Transaction, TransactionEvent } from '@outing/contract';
import { userLocale } from '../../../lib/money';

const VERBS: Record<TransactionEvent['action'], string> = {
  settled: 'marked it paid',
  undone: 'undid the payment',
  confirmed: 'confirmed',
  received: 'marked it received (cash)',
  disputed: 'said it was not received',
};

export const STATUS_TEXT: Record<Transaction['status'], string> = {
  unpaid: 'Not paid yet',
  paid: 'Paid, waiting for confirmation',
  confirmed: 'Received',
};

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "12:03" today, "3 Nov, 12:03" before. */
export function eventTime(iso: string, now = new Date(), locale = userLocale()): string {
  const at = new Date(iso);
  const options: Intl.DateTimeFormatOptions = sameDay(at, now)
    ? { hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** "Ben marked it paid · 12:03", "You confirmed · 12:10". */
export function historyLine(
  event: TransactionEvent,
  transaction: Transaction,
  userId: number,
  now = new Date(),
  locale = userLocale(),
): string {
  const who =
    event.actorId === userId
      ? 'You'
      : event.actorId === transaction.payerId
        ? transaction.payer.username
        : transaction.payee.username;
  return `${who} ${VERBS[event.action]} · ${eventTime(event.at, now, locale)}`;
}
