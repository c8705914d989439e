import { BanknotesIcon } from '@heroicons/react/24/outline';
import { useAuth } from '@/hooks/use-auth';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { ListMore } from '@/components/load-more';
import { flattenPages } from '@/lib/cursor-pages';
import { usePaidHistory } from '@/features/transactions/api/get-transactions';
import { TransactionHistoryGroup, groupByPaidDay } from './transaction-history-group';

/**
 * Paid transactions, a page at a time, grouped by day, newest day first (docs/product.md#profile); the amount is
 * green when the signed-in user was paid, red when they paid.
 */
export function ProfileTransactionHistory() {
  const t = useT();
  const { user } = useAuth();
  const history = usePaidHistory();

  let body;
  if (history.isPending) body = <LoadingState label={t('profile.history.loading')} />;
  else if (history.isError && !history.data) {
    body = <ErrorState message={t('profile.history.loadFailed')} onRetry={() => void history.refetch()} />;
  } else {
    const loaded = flattenPages(history.data);
    const days = groupByPaidDay(loaded);
    body =
      days.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface px-6 py-8 text-center ring-1 ring-slate-200">
          <BanknotesIcon aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-sm font-medium text-slate-700">{t('profile.history.empty')}</p>
        </div>
      ) : (
        <>
          <ul aria-label={t('profile.history.byDay')} className="flex flex-col gap-4">
            {days.map((day) => (
              <TransactionHistoryGroup key={day.key} day={day} meId={user.id} />
            ))}
          </ul>
          <ListMore
            list={history}
            loadedCount={loaded.length}
            failedText={t('profile.history.loadMoreFailed')}
          />
        </>
      );
  }

  return (
    <section aria-labelledby="transaction-history-heading">
      <h2 id="transaction-history-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        {t('profile.history.title')}
      </h2>
      {body}
    </section>
  );
}
