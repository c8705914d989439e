import { BanknotesIcon } from '@heroicons/react/24/outline';

export const NO_TRANSACTION_HISTORY = 'No transaction history available';

/** Paid transactions grouped by day arrive with the bills work; until then the history is empty (no call). */
export function ProfileTransactionHistory() {
  return (
    <section aria-labelledby="transaction-history-heading">
      <h2 id="transaction-history-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        Transaction History
      </h2>
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-8 text-center ring-1 ring-slate-200">
        <BanknotesIcon aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-sm font-medium text-slate-700">{NO_TRANSACTION_HISTORY}</p>
      </div>
    </section>
  );
}
