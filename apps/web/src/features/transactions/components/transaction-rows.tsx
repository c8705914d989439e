import { Link } from 'react-router';
import { BellAlertIcon } from '@heroicons/react/24/outline';
import type { Transaction, User } from '@outing/contract';
import { ButtonSpinner } from '../../../components/form/submit-button';
import { useToast } from '../../../hooks/use-toast';
import { Avatar } from '../../../components/avatar';
import { useSendReminder } from '../api/send-reminder';
import { useSettleTransaction } from '../api/settle-transaction';
import { formatAmount } from '../../../lib/money';
import { REMINDER_SUCCESS, SETTLE_SUCCESS, reminderErrorMessage, settleErrorMessage } from '../messages';

function Who({
  person,
  roomId,
  roomName,
  direction,
}: {
  person: User;
  roomId: string;
  roomName: string;
  direction: 'to' | 'from';
}) {
  return (
    <>
      <Avatar username={person.username} pictureUrl={person.pictureUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          <span className="sr-only">{direction === 'to' ? 'To ' : 'From '}</span>
          {person.username}
        </p>
        {/* The room's Money section shows the bills behind the payment. */}
        <Link
          to={`/room/${roomId}`}
          state={{ from: '/' }}
          className="block truncate text-sm text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {roomName}
        </Link>
      </div>
    </>
  );
}

/** A payment the signed-in user owes; it leaves the list once the server has accepted the settle. */
export function ToPayRow({ transaction, onSettled }: { transaction: Transaction; onSettled: () => void }) {
  const toast = useToast();
  const settle = useSettleTransaction({
    onSuccess: () => {
      toast.success(SETTLE_SUCCESS);
      onSettled();
    },
    onError: (error) => toast.error(settleErrorMessage(error)),
  });
  const amount = formatAmount(transaction.amount, transaction.currency);

  const onSettle = () => {
    if (!settle.isPending) settle.mutate(transaction);
  };

  return (
    <li className="flex items-center gap-3 py-2">
      <Who
        person={transaction.payee}
        roomId={transaction.roomId}
        roomName={transaction.roomName}
        direction="to"
      />
      <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{amount}</span>
      <button
        type="button"
        onClick={onSettle}
        aria-label={`Settle ${amount} to ${transaction.payee.username}`}
        aria-disabled={settle.isPending}
        aria-busy={settle.isPending}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-80"
      >
        {settle.isPending && <ButtonSpinner className="size-4 text-white" />}
        Settle
      </button>
    </li>
  );
}

/** A payment owed to the signed-in user, with a bell that reminds the payer. */
export function ToReceiveRow({ transaction }: { transaction: Transaction }) {
  const remind = useSendReminder();
  const toast = useToast();
  const amount = formatAmount(transaction.amount, transaction.currency);

  const onRemind = () => {
    if (remind.isPending) return;
    remind.mutate(transaction, {
      onSuccess: () => toast.success(REMINDER_SUCCESS),
      onError: (error) => toast.error(reminderErrorMessage(error)),
    });
  };

  return (
    <li className="flex items-center gap-3 py-2">
      <Who
        person={transaction.payer}
        roomId={transaction.roomId}
        roomName={transaction.roomName}
        direction="from"
      />
      <span className="shrink-0 font-semibold text-emerald-700 tabular-nums">{amount}</span>
      <button
        type="button"
        onClick={onRemind}
        aria-label={`Remind ${transaction.payer.username}`}
        aria-disabled={remind.isPending}
        aria-busy={remind.isPending}
        className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 active:bg-brand-100 aria-disabled:cursor-not-allowed"
      >
        {remind.isPending ? (
          <ButtonSpinner className="size-5 text-brand-700" />
        ) : (
          <BellAlertIcon aria-hidden="true" className="size-6" />
        )}
      </button>
    </li>
  );
}
