import { BanknotesIcon } from '@heroicons/react/24/outline';
import { useAuth } from '../../../hooks/use-auth';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { useTransactions } from '../../transactions/api/get-transactions';
import { TransactionHistoryGroup, groupByPaidDay } from './transaction-history-group';

export const NO_TRANSACTION_HISTORY = 'No transaction history available';

/**
 * Paid transactions grouped by day, newest day first (product-spec §2 /profile); the amount is green when the
 * signed-in user was paid, red when they paid.
 */
export function ProfileTransactionHistory() {
  const { user } = useAuth();
  const history = useTransactions(true);

  let body;
  if (history.isPending) body = <LoadingState label="Loading transaction history" />;
  else if (history.isError) {
    body = (
      <ErrorState message="Could not load your transaction history." onRetry={() => void history.refetch()} />
    );
  } else {
    const days = groupByPaidDay(history.data);
    body =
      days.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface px-6 py-8 text-center ring-1 ring-slate-200">
          <BanknotesIcon aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-sm font-medium text-slate-700">{NO_TRANSACTION_HISTORY}</p>
        </div>
      ) : (
        <ul aria-label="Transactions by day" className="flex flex-col gap-4">
          {days.map((day) => (
            <TransactionHistoryGroup key={day.key} day={day} meId={user.id} />
          ))}
        </ul>
      );
  }

  return (
    <section aria-labelledby="transaction-history-heading">
      <h2 id="transaction-history-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        Transaction History
      </h2>
      {body}
    </section>
  );
}
