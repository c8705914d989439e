import { useState } from 'react';
import { Link } from 'react-router';
import type { Transaction, User } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { Avatar } from '@/components/avatar';
import { GuestMark } from '@/entities/room/member-name';
import { PaySheet } from '@/features/payments/components/pay-sheet';
import { TransactionDetailButton } from '@/features/payments/components/transaction-detail';
import { useSendReminder } from '../api/send-reminder';
import { useSettleTransaction } from '../api/settle-transaction';
import { formatAmount } from '@/lib/money';
import { reminderErrorMessage, settleErrorMessage } from '../messages';
import { personName } from '@/lib/person-name';

/**
 * Who the payment is with (a button opening its details: status, history, the bills behind it) and, beside it and
 * not inside it, a link to its room, whose Money section shows the bills (issue #19: a debt opens its room).
 * The button is named by its visually hidden text, "Details of $5.51 to cat", which holds the name it shows: an
 * aria-label beside the shown initials and name would not contain what is seen (WCAG 2.5.3).
 */
function Who({
  transaction,
  person,
  amount,
  direction,
}: {
  transaction: Transaction;
  person: User;
  amount: string;
  direction: 'to' | 'from';
}) {
  const t = useT();
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <TransactionDetailButton transaction={transaction}>
        <Avatar
          username={person.username}
          displayName={person.displayName}
          pictureUrl={person.pictureUrl}
          size="sm"
        />
        <p className="flex min-w-0 flex-1 items-center font-medium text-slate-900">
          <span className="sr-only">
            {t(direction === 'to' ? 'transactions.detailsTo' : 'transactions.detailsFrom', {
              amount,
              name: personName(person),
            })}
          </span>
          <span aria-hidden="true" className="min-w-0 truncate">
            {personName(person)}
          </span>
          {person.isGuest && <GuestMark />}
        </p>
      </TransactionDetailButton>
      <Link
        to={`/room/${transaction.roomId}`}
        state={{ from: '/' }}
        className="ml-11 block truncate text-sm text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 dark:hover:text-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {transaction.roomName}
      </Link>
    </div>
  );
}

/** A payment the signed-in user owes; it leaves the list once the server has accepted the settle. */
export function ToPayRow({ transaction, onSettled }: { transaction: Transaction; onSettled: () => void }) {
  const t = useT();
  const toast = useToast();
  const settle = useSettleTransaction({
    onSuccess: () => {
      toast.success(t('transactions.settleSuccess', { name: personName(transaction.payee) }));
      onSettled();
    },
    onError: (error) => toast.error(settleErrorMessage(error)),
  });
  const amount = formatAmount(transaction.amount, transaction.currency);
  // Settle opens the pay sheet; its "Yes, I've paid" sends the settle (issue #19).
  const [paying, setPaying] = useState(false);

  const onSettle = () => {
    if (!settle.isPending) settle.mutate(transaction);
  };

  return (
    <li className="flex items-center gap-3 py-2">
      <Who transaction={transaction} person={transaction.payee} amount={amount} direction="to" />
      <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{amount}</span>
      <button
        type="button"
        onClick={() => setPaying(true)}
        aria-label={t('transactions.settleLabel', { amount, name: personName(transaction.payee) })}
        aria-disabled={settle.isPending}
        aria-busy={settle.isPending}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-80"
      >
        {settle.isPending && <ButtonSpinner className="size-4 text-white" />}
        {t('transactions.settle')}
      </button>
      {paying && (
        <PaySheet
          transaction={transaction}
          settling={settle.isPending}
          onPaid={onSettle}
          onClose={() => setPaying(false)}
        />
      )}
    </li>
  );
}

/** A payment owed to the signed-in user, with a bell that reminds the payer. */
export function ToReceiveRow({ transaction }: { transaction: Transaction }) {
  const t = useT();
  const remind = useSendReminder();
  const toast = useToast();
  const amount = formatAmount(transaction.amount, transaction.currency);

  const onRemind = () => {
    if (remind.isPending) return;
    remind.mutate(transaction, {
      onSuccess: () => toast.success(t('transactions.reminderSuccess')),
      onError: (error) => toast.error(reminderErrorMessage(error)),
    });
  };

  return (
    <li className="flex items-center gap-3 py-2">
      <Who transaction={transaction} person={transaction.payer} amount={amount} direction="from" />
      <span className="shrink-0 font-semibold text-emerald-700 dark:text-emerald-300 tabular-nums">
        {amount}
      </span>
      <button
        type="button"
        onClick={onRemind}
        aria-label={t('transactions.remind', { name: personName(transaction.payer) })}
        aria-disabled={remind.isPending}
        aria-busy={remind.isPending}
        className="-mr-1 inline-flex min-h-11 shrink-0 items-center justify-center gap-1 rounded-full px-3.5 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-100 dark:active:bg-brand-950/40 aria-disabled:cursor-not-allowed"
      >
        {remind.isPending && <ButtonSpinner className="size-4 text-brand-700 dark:text-brand-300" />}
        {t('transactions.remindButton')}
      </button>
    </li>
  );
}
