import { useMutation } from '@tanstack/react-query';
import { notificationEndpoints, type Notification, type Transaction } from '@outing/contract';
import { api } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';

// The reminder is stored by the server and read by the payer, whose language the sender does not know: like the
// server's own notifications (decision 011) it is written in English, with an en-GB amount (docs/product.md#texts).
export const REMINDER_TITLE = 'Reminder'; // i18n-ignore: sent to the server (docs/product.md#calls)

/** 'Pay ${amount} to {username}!' (docs/product.md#calls), the username being the payee's (whoever sends it). */
export function reminderContent(transaction: Pick<Transaction, 'amount' | 'currency' | 'payee'>): string {
  const amount = formatAmount(transaction.amount, transaction.currency, 'en-GB');
  return `Pay ${amount} to ${transaction.payee.username}!`; // i18n-ignore: see above
}

export interface ReminderBody {
  userId: number;
  title: string;
  content: string;
}

/**
 * POST /v1/notifications {userId, title, content}: only the payee of an unpaid transaction may remind its payer
 * (403), at most once an hour (429 with Retry-After).
 */
export function sendReminder(body: ReminderBody): Promise<Notification> {
  return api.call(notificationEndpoints.remind, { body });
}

export function useSendReminder() {
  return useMutation({
    mutationFn: (transaction: Transaction) =>
      sendReminder({
        userId: transaction.payerId,
        title: REMINDER_TITLE,
        content: reminderContent(transaction),
      }),
  });
}
