import { CheckCircleIcon } from '@heroicons/react/24/outline';
import type { OverallBalances } from '@outing/contract';
import { ErrorState } from '@/components/list-states';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { useBalances } from '../api/get-balances';
import { PersonBalanceRow } from './person-balance-row';

type Totals = OverallBalances['totals'];

/** "$12.00 · €5.00": one amount per currency that has one, or null when every one is zero. */
function joinTotals(totals: Totals, side: 'owe' | 'owed'): string | null {
  const parts = totals.filter((x) => x[side] > 0).map((x) => formatAmount(x[side], x.currency));
  return parts.length > 0 ? parts.join(' · ') : null;
}

function Total({ label, text, tone }: { label: string; text: string | null; tone: string }) {
  const t = useT();
  return (
    <div className="flex min-w-0 flex-col rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`text-base font-semibold tabular-nums ${text ? tone : 'text-slate-500'}`}>
        {text ?? t('balances.nothing')}
      </dd>
    </div>
  );
}

/** The card's rows while its first answer is on its way (Home shows it alone too, home-page.tsx). */
export function BalancesSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('balances.loading')} className="flex flex-col gap-3 px-4 pb-4">
      <div aria-hidden="true" className="grid grid-cols-2 gap-2">
        <div className="h-14 animate-pulse rounded-xl bg-slate-200" />
        <div className="h-14 animate-pulse rounded-xl bg-slate-200" />
      </div>
      {[0, 1].map((i) => (
        <div key={i} aria-hidden="true" className="flex items-center gap-3">
          <div className="size-10 animate-pulse rounded-full bg-slate-200" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
            <div className="h-3.5 w-1/3 animate-pulse rounded bg-slate-200" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Home's Balances card (issue #19 item 3): what the user owes and is owed per currency, then one row per person and
 * currency, each expandable to the rooms that make it up.
 */
export function BalancesCard() {
  const t = useT();
  const { user } = useAuth();
  const balances = useBalances();

  let body;
  if (balances.isPending) body = <BalancesSkeleton />;
  else if (balances.isError && balances.data === undefined) {
    body = (
      <div className="px-4 pb-4">
        <ErrorState message={t('balances.loadFailed')} onRetry={() => void balances.refetch()} />
      </div>
    );
  } else if (balances.data.people.length === 0) {
    body = (
      <p className="flex items-center gap-2 px-4 pb-4 text-sm text-slate-600">
        <CheckCircleIcon aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-300" />
        {t('balances.allSettled')}
      </p>
    );
  } else {
    const { totals, people } = balances.data;
    body = (
      <>
        <dl className="grid grid-cols-2 gap-2 px-4">
          <Total
            label={t('balances.youOwe')}
            text={joinTotals(totals, 'owe')}
            tone="text-red-700 dark:text-red-300"
          />
          <Total
            label={t('balances.youAreOwed')}
            text={joinTotals(totals, 'owed')}
            tone="text-emerald-700 dark:text-emerald-300"
          />
        </dl>
        <ul
          aria-label={t('balances.byPerson')}
          className="mt-2 divide-y divide-slate-100 border-t border-slate-100"
        >
          {people.map((p) => (
            <PersonBalanceRow key={`${p.userId}:${p.currency}`} person={p} meId={user.id} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section
      aria-labelledby="balances-heading"
      className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="balances-heading" className="px-4 pt-3 pb-2 text-sm font-semibold text-slate-800">
        {t('balances.heading')}
      </h2>
      {body}
    </section>
  );
}
