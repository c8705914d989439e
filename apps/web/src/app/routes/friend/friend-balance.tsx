import { Link } from 'react-router';
import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import type { OverallBalances } from '@outing/contract';
import { ErrorState } from '@/components/list-states';
import { Spinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { useBalances } from '@/features/balances/api/get-balances';
import { netText } from '@/features/balances/components/person-balance-row';
import { SettleUp } from '@/features/balances/components/settle-up';

type Person = OverallBalances['people'][number];

/** The signed-in user's nets with one person, a line per currency (none when all is settled). */
export const balancesWith = (balances: OverallBalances | undefined, userId: number): Person[] =>
  balances?.people.filter((p) => p.userId === userId && p.net !== 0) ?? [];

export const netTone = (net: number) =>
  net > 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300';

/** "owes you $12.50 · you owe €3.00": the friends list's compact line, or nothing when all is settled. */
export function CompactNet({ people }: { people: Person[] }) {
  useT();
  if (people.length === 0) return null;
  return (
    <span className="truncate text-sm font-semibold tabular-nums">
      {people.map((b, i) => (
        <span key={b.currency} className={netTone(b.net)}>
          {i > 0 && <span className="text-slate-400"> · </span>}
          {netText(b.net, b.currency)}
        </span>
      ))}
    </span>
  );
}

function CurrencyBalance({ person, name, meId }: { person: Person; name: string; meId: number }) {
  const t = useT();
  const { net, currency, rooms } = person;
  const amount = formatAmount(Math.abs(net), currency);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex items-center gap-3">
        <p className={`min-w-0 flex-1 text-base font-semibold tabular-nums ${netTone(net)}`}>
          {net > 0 ? t('friends.page.owesYou', { name, amount }) : t('friends.page.youOwe', { name, amount })}
        </p>
        {net < 0 && (
          <SettleUp meId={meId} userId={person.userId} name={name} currency={currency} owed={-net} />
        )}
      </div>
      <ul aria-label={t('friends.page.roomsOfBalance', { amount })} className="flex flex-col">
        {rooms.map((room) => (
          <li key={room.roomId}>
            <Link
              to={`/room/${room.roomId}`}
              state={{ from: `/friends/${person.userId}` }}
              className="-mx-2 flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              <span className="min-w-0 flex-1 truncate text-slate-800">{room.roomName}</span>
              <span className={`shrink-0 text-xs tabular-nums ${netTone(room.net)}`}>
                {netText(room.net, currency)}
              </span>
              <ChevronRightIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * "ann owes you $12.50" / "You owe ann $8.00" per currency, from `people` of GET /balances, with the rooms that make
 * it up and Settle up where the signed-in user owes; "All settled up" when nothing is owed either way.
 */
export function FriendBalance({ friendId, name }: { friendId: number; name: string }) {
  const t = useT();
  const { user } = useAuth();
  const balances = useBalances();
  let body;
  if (balances.isPending) {
    body = <Spinner label={t('friends.page.balanceLoading')} className="size-6" />;
  } else if (balances.isError && balances.data === undefined) {
    body = <ErrorState message={t('friends.page.balanceFailed')} onRetry={() => void balances.refetch()} />;
  } else {
    const lines = balancesWith(balances.data, friendId);
    body =
      lines.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CheckCircleIcon aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-300" />
          {t('friends.page.settled')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {lines.map((p) => (
            <CurrencyBalance key={p.currency} person={p} name={name} meId={user.id} />
          ))}
        </ul>
      );
  }
  return (
    <section
      aria-labelledby="friend-balance-heading"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="friend-balance-heading" className="text-sm font-semibold text-slate-800">
        {t('friends.page.balanceHeading')}
      </h2>
      {body}
    </section>
  );
}
