import { ChevronDownIcon } from '@heroicons/react/24/outline';
import type { Bill, Round } from '@outing/contract';
import { useState } from 'react';
import { ListMore, LoadMore, type InfiniteListState } from '../../../components/load-more';
import { useT } from '../../../i18n/use-t';
import { formatAmount } from '../../../lib/money';
import { MoneyBillList, newestFirst } from './money-bill-list';
import { formatDay } from './money-labels';
import { PaidBadge } from './paid-badge';

interface RoundsProps {
  /** The rounds loaded so far, newest first. */
  rounds: Round[];
  /** Their pages: the list ends with "Load more" (asked for as it scrolls into view) while there are older ones. */
  roundPages: InfiniteListState;
  /** The bills loaded so far (pages of the room's bills, newest first). */
  bills: Bill[];
  /** The room's bill pages: a round whose bills are not all loaded yet asks for the next ones. */
  more: InfiniteListState;
  currency: string;
  meId: number;
  label: (id: number) => string;
  /** A transfer as a sentence ("ben_k pays you"). */
  transfer: (payerId: number, payeeId: number) => string;
  onOpenBill: (bill: Bill) => void;
}

/**
 * Every settled round (newest first), collapsed: its date, total and how many of its payments are paid; open it
 * for the payments (paid or not, mine highlighted) and the bills it closed. A round's bills come with the pages
 * of the room's bills: while some are not loaded, its list ends with "Load more" (asked for as it scrolls into view,
 * which a closed round's never does).
 */
export function MoneyRounds({
  rounds,
  roundPages,
  bills,
  more,
  currency,
  meId,
  label,
  transfer,
  onOpenBill,
}: RoundsProps) {
  const t = useT();
  if (rounds.length === 0) return null;
  return (
    <section aria-labelledby="money-rounds-heading">
      <h3 id="money-rounds-heading" className="mb-1.5 px-1 text-sm font-semibold text-slate-700">
        {t('bills.rounds.heading')}
      </h3>
      <ul aria-labelledby="money-rounds-heading" className="flex flex-col gap-2">
        {rounds.map((round) => (
          <RoundItem
            key={round.id}
            round={round}
            number={round.number}
            bills={bills}
            more={more}
            currency={currency}
            meId={meId}
            label={label}
            transfer={transfer}
            onOpenBill={onOpenBill}
          />
        ))}
      </ul>
      <ListMore list={roundPages} loadedCount={rounds.length} failedText={t('bills.rounds.loadMoreFailed')} />
    </section>
  );
}

/**
 * One settled round, collapsed. Its payments and bills are rendered once it is opened (and kept while open): a
 * room's rounds are mostly looked at closed, and rendering every round's lists behind their summaries was one long
 * task of the room's first screen (Lighthouse TBT, issue #21).
 */
function RoundItem({
  round,
  number,
  bills,
  more,
  currency,
  meId,
  label,
  transfer,
  onOpenBill,
}: Omit<RoundsProps, 'rounds' | 'roundPages'> & { round: Round; number: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const paid = round.transactions.filter((p) => p.isPaid).length;
  const count = round.transactions.length;
  const roundBills = open ? newestFirst(bills.filter((b) => round.billIds.includes(b.id))) : [];
  const missing = more.hasNextPage && roundBills.length < round.billIds.length;
  return (
    <li data-testid="round">
      <details
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="group overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
      >
        <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 px-4 py-2.5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-slate-900">
              {t('bills.rounds.title', { number, date: formatDay(round.createdAt) })}
            </span>
            <span className="block text-sm text-slate-600">
              {count === 0
                ? t('bills.rounds.noPayments')
                : paid === count
                  ? t('bills.rounds.allPaid', { count })
                  : t('bills.rounds.somePaid', { paid, count })}
            </span>
          </span>
          <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
            {formatAmount(round.total, currency)}
          </span>
          <ChevronDownIcon
            aria-hidden="true"
            className="size-4 shrink-0 text-slate-500 transition group-open:rotate-180"
          />
        </summary>
        {open && (
          <div className="flex flex-col gap-3 border-t border-slate-100 px-3 pt-2 pb-3">
            {count > 0 && (
              <ul
                aria-label={t('bills.rounds.paymentsLabel', { number })}
                className="divide-y divide-slate-100"
              >
                {round.transactions.map((p) => {
                  const mine = p.payerId === meId || p.payeeId === meId;
                  return (
                    <li
                      key={p.id}
                      data-testid="round-payment"
                      className={`flex items-center gap-2 rounded-lg px-2 py-2 text-sm ${mine ? 'bg-brand-50/70 dark:bg-brand-950/40' : ''}`}
                    >
                      <span className="min-w-0 flex-1 truncate text-slate-900">
                        {transfer(p.payerId, p.payeeId)}
                      </span>
                      <span className="shrink-0 font-semibold tabular-nums text-slate-900">
                        {formatAmount(p.amount, p.currency)}
                      </span>
                      <PaidBadge isPaid={p.isPaid} />
                    </li>
                  );
                })}
              </ul>
            )}
            {roundBills.length > 0 && (
              <MoneyBillList
                bills={roundBills}
                meId={meId}
                label={label}
                onOpen={onOpenBill}
                name={t('bills.rounds.billsLabel', { number })}
              />
            )}
            {missing && (
              <LoadMore
                busy={more.isFetchingNextPage}
                failed={more.isFetchNextPageError}
                onLoadMore={() => void more.fetchNextPage()}
                failedText={t('bills.money.loadMoreFailed')}
                loadedCount={roundBills.length}
              />
            )}
          </div>
        )}
      </details>
    </li>
  );
}
