import type { Transaction, TransactionEvent } from '@outing/contract';
import { dateTimeFormat, timeOptions } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';
import { personName } from '@/lib/person-name';

const LINES: Record<TransactionEvent['action'], MessageKey> = {
  settled: 'payments.history.settled',
  undone: 'payments.history.undone',
  confirmed: 'payments.history.confirmed',
  received: 'payments.history.received',
  disputed: 'payments.history.disputed',
};

export const STATUS_TEXT: Record<Transaction['status'], MessageKey> = {
  unpaid: 'payments.status.unpaid',
  paid: 'payments.status.paid',
  confirmed: 'payments.status.confirmed',
};

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "12:03" today, "3 Nov, 12:03" before, in the interface's locale. */
export function eventTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const options: Intl.DateTimeFormatOptions = sameDay(at, now)
    ? timeOptions()
    : { day: 'numeric', month: 'short', ...timeOptions() };
  return dateTimeFormat(options).format(at);
}

/** "Ben marked it paid · 12:03", "You confirmed · 12:10". */
export function historyLine(
  event: TransactionEvent,
  transaction: Transaction,
  userId: number,
  now = new Date(),
): string {
  const name =
    event.actorId === transaction.payerId ? personName(transaction.payer) : personName(transaction.payee);
  return t(LINES[event.action], {
    isMe: event.actorId === userId ? 'yes' : 'no',
    name,
    time: eventTime(event.at, now),
  });
}
